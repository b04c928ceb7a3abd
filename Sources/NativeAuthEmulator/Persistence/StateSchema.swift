/// The tables of the emulator's database and the migrations that make them, the same for SQLite and
/// PostgreSQL. `emulator_schema` holds the number of migrations applied; an emulator applies the ones
/// it knows past that number at start, inside the transaction that opens the state, so that
/// instances starting together migrate once. A database of a later schema than this emulator knows
/// is refused rather than misread.
///
/// - `emulator_tenants`: one row per tenant: its name in the database (``StateStore/defaultTenant``
///   for the one every emulator serves, the subdomain of one made with `POST /_emulator/tenants`),
///   the tenant GUID, the secret refresh-token successors are derived with, the RS256 signing key
///   (PKCS#8 PEM), its settings (JSON, ``TenantSettings``; none for the default tenant, whose settings
///   are the emulator's configuration), its imported policy (JSON in the seed file's form; none: the
///   configuration's and the seed file's), and two numbers that let instances catch up:
///   `version`, raised by each transaction that changes the tenant, and `horizon`, the version
///   before which an instance must read the whole tenant again (see ``StateStore``).
/// - `emulator_records`: every record of every tenant's tables (users, flows, refresh tokens,
///   guessing records, pages, authorization and device codes), one row each: its ``RecordChange/Table``
///   as `kind`, its key, its JSON (`NULL` once removed: a row that tells other instances to forget it)
///   and the version of the transaction that last wrote it.
enum StateSchema {
    /// Each migration's statements, in order; the schema's version is how many were applied.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE emulator_tenants (name TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, secret TEXT NOT NULL, \
            signing_key TEXT NOT NULL, version BIGINT NOT NULL, horizon BIGINT NOT NULL, settings TEXT, policy TEXT)
            """,
            """
            CREATE TABLE emulator_records (tenant TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT, \
            version BIGINT NOT NULL, PRIMARY KEY (tenant, kind, key))
            """,
            "CREATE INDEX emulator_records_by_version ON emulator_records (tenant, version)",
            "CREATE UNIQUE INDEX emulator_tenants_by_id ON emulator_tenants (tenant_id)",
        ],
    ]

    /// Brings the schema up to date, in the caller's transaction.
    static func migrate(_ sql: any SQLStatements, location: String) throws {
        try sql.execute("CREATE TABLE IF NOT EXISTS emulator_schema (version BIGINT NOT NULL)", [])
        let current: Int
        if let row = try sql.query("SELECT version FROM emulator_schema", []).first {
            current = Int(try row.integer(0) ?? 0)
        } else {
            try sql.execute("INSERT INTO emulator_schema (version) VALUES (0)", [])
            current = 0
        }
        guard current <= migrations.count else {
            throw PersistenceError(description: "\(location) was written by a later emulator (schema \(current); this one knows "
                + "\(migrations.count)); it was left as it is.")
        }
        guard current < migrations.count else { return }
        for migration in migrations[current...] {
            for statement in migration { try sql.execute(statement, []) }
        }
        try sql.execute("UPDATE emulator_schema SET version = ?", [.integer(Int64(migrations.count))])
    }
}
