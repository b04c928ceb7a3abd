import Foundation

/// A tenant as the database holds it: its row of `emulator_tenants` and its rows of
/// `emulator_records` (``StateSchema``), read and written inside a transaction of the caller's.
struct StoredTenant: Sendable {
    /// Its name in the database.
    var name: String
    var tenantId: String
    var secret: String
    /// The RS256 signing key, PKCS#8 PEM.
    var signingKey: String
    /// Raised by each transaction that changes the tenant.
    var version: Int64
    /// An instance that last read a version before this one reads the whole tenant again: the rows
    /// of removed records before it are gone, or the whole state was replaced.
    var horizon: Int64
    /// The tenant's settings (``TenantSettings``, JSON), for a tenant made by the admin API.
    var settings: String? = nil
    /// The policy imported into the tenant (JSON in the seed file's form), if any.
    var policy: String? = nil

    /// Rows written per statement when many are (a whole state).
    static let batchSize = 400

    /// The tenant `name`, or nil when the database has none of that name.
    static func read(_ name: String, _ sql: any SQLStatements) throws -> StoredTenant? {
        let rows = try sql.query(
            "SELECT tenant_id, secret, signing_key, version, horizon, settings, policy FROM emulator_tenants WHERE name = ?",
            [.text(name)])
        guard let row = rows.first else { return nil }
        return StoredTenant(name: name, tenantId: try row.text(0) ?? "", secret: try row.text(1) ?? "",
                            signingKey: try row.text(2) ?? "", version: try row.integer(3) ?? 0, horizon: try row.integer(4) ?? 0,
                            settings: try row.text(5), policy: try row.text(6))
    }

    /// The GUID of the tenant `name`, if the database has one (a check that reads nothing else).
    static func tenantId(ofName name: String, _ sql: any SQLStatements) throws -> String? {
        try sql.query("SELECT tenant_id FROM emulator_tenants WHERE name = ?", [.text(name)]).first?.text(0)
    }

    /// The name of the tenant whose GUID is `tenantId`, if the database has one.
    static func name(ofTenantId tenantId: String, _ sql: any SQLStatements) throws -> String? {
        try sql.query("SELECT name FROM emulator_tenants WHERE tenant_id = ?", [.text(tenantId)]).first?.text(0)
    }

    /// The names and settings of every tenant but the default one, by name.
    static func madeTenants(_ sql: any SQLStatements) throws -> [(name: String, settings: String?)] {
        try sql.query("SELECT name, settings FROM emulator_tenants WHERE name <> ? ORDER BY name", [.text(StateStore.defaultTenant)])
            .map { (try $0.text(0) ?? "", try $0.text(1)) }
    }

    /// Adds the tenant's row, or replaces it.
    func save(_ sql: any SQLStatements) throws {
        try sql.execute("""
            INSERT INTO emulator_tenants (name, tenant_id, secret, signing_key, version, horizon, settings, policy) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET tenant_id = excluded.tenant_id, secret = excluded.secret, \
            signing_key = excluded.signing_key, version = excluded.version, horizon = excluded.horizon, settings = excluded.settings, \
            policy = excluded.policy
            """, [.text(name), .text(tenantId), .text(secret), .text(signingKey), .integer(version), .integer(horizon),
                  settings.map(SQLValue.text) ?? .null, policy.map(SQLValue.text) ?? .null])
    }

    /// Writes ``policy``.
    func savePolicy(_ sql: any SQLStatements) throws {
        try sql.execute("UPDATE emulator_tenants SET policy = ? WHERE name = ?", [policy.map(SQLValue.text) ?? .null, .text(name)])
    }

    /// Writes ``version`` and ``horizon`` (after a transaction's records).
    func saveVersion(_ sql: any SQLStatements) throws {
        try sql.execute("UPDATE emulator_tenants SET version = ?, horizon = ? WHERE name = ?",
                        [.integer(version), .integer(horizon), .text(name)])
    }

    /// The records written after `version` (every record when `version` is 0, removed ones as
    /// changes with no value), in the order they were written.
    func records(after version: Int64, _ sql: any SQLStatements, location: String) throws -> [RecordChange] {
        let rows = version == 0
            ? try sql.query("SELECT kind, key, value FROM emulator_records WHERE tenant = ? AND value IS NOT NULL", [.text(name)])
            : try sql.query("SELECT kind, key, value FROM emulator_records WHERE tenant = ? AND version > ? ORDER BY version",
                            [.text(name), .integer(version)])
        return try rows.map { row in
            let kind = try row.text(0) ?? ""
            let key = try row.text(1) ?? ""
            guard let table = RecordChange.Table(rawValue: kind) else {
                throw PersistenceError(description: "\(location) holds a record of an unknown kind (\(kind)); it was left as it is.")
            }
            let json = try row.text(2).map { Data($0.utf8) }
            do {
                return try RecordChange(table: table, key: key, json: json)
            } catch {
                throw PersistenceError(description: "\(location) holds a \(kind) record that does not decode (\(error)); "
                    + "it was left as it is.")
            }
        }
    }

    /// Writes `changes` as of version ``version`` (a removal keeps its row, with no value, so that
    /// the other instances learn of it).
    func write(_ changes: [RecordChange], _ sql: any SQLStatements) throws {
        var start = changes.startIndex
        while start < changes.endIndex {
            let batch = changes[start..<min(start + Self.batchSize, changes.endIndex)]
            var arguments: [SQLValue] = []
            arguments.reserveCapacity(batch.count * 5)
            for change in batch {
                let json = try change.valueJSON().map { SQLValue.text(String(decoding: $0, as: UTF8.self)) } ?? .null
                arguments += [.text(name), .text(change.table.rawValue), .text(change.key), json, .integer(version)]
            }
            try sql.execute("""
                INSERT INTO emulator_records (tenant, kind, key, value, version) VALUES \
                \(Array(repeating: "(?, ?, ?, ?, ?)", count: batch.count).joined(separator: ", ")) \
                ON CONFLICT (tenant, kind, key) DO UPDATE SET value = excluded.value, version = excluded.version
                """, arguments)
            start = batch.endIndex
        }
    }

    /// Removes every record of the tenant (before the whole state is written again).
    func removeRecords(_ sql: any SQLStatements) throws {
        try sql.execute("DELETE FROM emulator_records WHERE tenant = ?", [.text(name)])
    }

    /// Removes the rows of records removed at or before `version`; instances that have not read that
    /// far read the whole tenant again (the caller moves ``horizon``).
    func forgetRemovals(through version: Int64, _ sql: any SQLStatements) throws {
        try sql.execute("DELETE FROM emulator_records WHERE tenant = ? AND value IS NULL AND version <= ?",
                        [.text(name), .integer(version)])
    }

    /// Removes the tenant and all it holds.
    func remove(_ sql: any SQLStatements) throws {
        try removeRecords(sql)
        try sql.execute("DELETE FROM emulator_tenants WHERE name = ?", [.text(name)])
    }
}
