import Logging
import PostgresNIO

/// The store's tables, and the migrations that make them: run by ``NativeAuthDatabase/migrate()``
/// under an advisory lock, so that replicas starting at once migrate once.
enum PostgresSchema {
    /// The advisory lock (its first key) the migrations take; the second key is 0.
    static let migrationLock: Int32 = 0x4E41_0001

    /// Each migration, in order: version `index + 1`.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE nativeauth_accounts (
                partition_key TEXT PRIMARY KEY,
                contents TEXT NOT NULL,
                version BIGINT NOT NULL,
                updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE nativeauth_resumed_states (
                id UUID PRIMARY KEY,
                expires_at TIMESTAMPTZ NOT NULL
            )
            """,
            "CREATE INDEX nativeauth_resumed_states_expiry ON nativeauth_resumed_states (expires_at)",
            // One sequence for every partition's versions: a partition deleted and written again
            // never goes back to a version another replica's first level may hold.
            "CREATE SEQUENCE nativeauth_account_versions",
        ],
    ]

    static var latestVersion: Int { migrations.count }

    /// Brings the schema to ``latestVersion``; returns the versions it applied.
    static func migrate(_ connection: PostgresConnection, in database: NativeAuthDatabase) async throws -> [Int] {
        try await database.transaction(on: connection) { connection in
            _ = try await database.query("SELECT pg_advisory_xact_lock(\(migrationLock), 0)", on: connection)
            _ = try await database.query("""
                CREATE TABLE IF NOT EXISTS nativeauth_schema_migrations (
                    version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, on: connection)
            var current = 0
            for row in try await database.query("SELECT coalesce(max(version), 0)::INT4 FROM nativeauth_schema_migrations", on: connection) {
                current = Int(try row.decode(Int32.self))
            }
            guard current <= latestVersion else {
                throw PostgresStoreError(.unsupportedSchema,
                    "The database's NativeAuth schema is version \(current), newer than this library's \(latestVersion).")
            }
            var applied: [Int] = []
            for version in (current + 1)..<(latestVersion + 1) {
                for statement in migrations[version - 1] {
                    _ = try await database.query(PostgresQuery(unsafeSQL: statement), on: connection)
                }
                let number = Int32(version)
                _ = try await database.query("INSERT INTO nativeauth_schema_migrations (version) VALUES (\(number))", on: connection)
                applied.append(version)
            }
            return applied
        }
    }
}
