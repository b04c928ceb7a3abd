import Foundation
import NativeAuthShared

/// Holds a tenant's ``EmulatorState``: in memory, or in a database (``StateDatabase``: SQLite in a
/// state folder, or PostgreSQL) that any number of processes and instances share.
///
/// With a database, it is the source of truth. Each instance keeps the state in memory with the
/// tenant's `version` it last read; every transaction takes the database's write lock, reads the
/// tenant's `version`, applies the records other instances wrote since its own (or reads the whole
/// tenant again when it is behind the tenant's `horizon`), runs the change, writes the records the
/// change touched with the next version, and commits. So a request costs the same with ten stored
/// flows or ten thousand: only the records it touched are written, and only the ones others touched
/// are read. A removed record keeps its row, with no value, for ``removalsKept`` versions, so that
/// the others learn of it; then the row goes and the `horizon` moves past it. A change that replaces
/// whole tables (a reset) writes the whole state and moves the `horizon` to itself.
///
/// Without a database, a transaction is just a critical section under an in-process lock.
final class StateStore: Sendable {
    private struct Loaded: Sendable {
        var state: EmulatorState
        /// The tenant's version this state holds; 0 or less: read the whole tenant at the next transaction.
        var version: Int64
        /// The tenant's imported policy (JSON) as last read.
        var policy: String? = nil
    }

    /// The name of the tenant every emulator serves (its demo tenant) in the database.
    static let defaultTenant = "default"
    /// How many versions the rows of removed records are kept.
    static let removalsKept: Int64 = 1000

    private let database: (any StateDatabase)?
    /// The tenant's name in the database.
    let tenant: String
    /// The tenant's RS256 key (with no database, the one all in-memory emulators of the process share).
    let signingKey: SigningKey
    private let loaded: Locked<Loaded>
    /// Whether opening the store made the tenant (false: it was in the database already).
    let madeTenant: Bool
    /// The policy imported into the tenant (JSON, ``StoredTenant/policy``), as the last transaction read it.
    var storedPolicy: String? { loaded.withLock { $0.policy } }
    /// The tenant ID the tenant had when the store was opened: a reset or an import keeps it, so a stored
    /// tenant with another one was removed and made again by another instance.
    private let openedTenantId: String
    /// Told of a policy another process imported into the tenant (``StoredTenant/policy``), when a
    /// transaction finds it.
    private let policyObserver = Locked<(@Sendable (String?) -> Void)?>(nil)

    /// Opens the tenant `tenant` of `database` (or an in-memory state). When the database has no
    /// such tenant, it is made: from `legacy` (a state folder of before the database, migrated in the
    /// same transaction, then its files put aside), else from `initialize`, with a new signing key.
    init(database: (any StateDatabase)?, tenant: String = StateStore.defaultTenant, legacy: LegacyStateFolder? = nil,
         settings: String? = nil, initialize: () throws -> EmulatorState) throws {
        self.tenant = tenant
        self.database = database
        guard let database else {
            var state = try initialize()
            state.discardChanges()
            signingKey = try SharedInMemoryKey.get()
            openedTenantId = state.tenantId
            loaded = Locked(Loaded(state: state, version: 0))
            madeTenant = true
            return
        }
        let (state, stored, made) = try database.transaction { sql -> (EmulatorState, StoredTenant, Bool) in
            try StateSchema.migrate(sql, location: database.location)
            if let stored = try StoredTenant.read(tenant, sql) {
                return (try Self.loadAll(stored, sql, location: database.location), stored, false)
            }
            let old = try legacy?.read()
            var state = try old?.state ?? initialize()
            let key = try old?.signingKey ?? SigningKey.generate()
            let stored = StoredTenant(name: tenant, tenantId: state.tenantId, secret: state.secret, signingKey: key.pem,
                                      version: 1, horizon: 1, settings: settings)
            try stored.save(sql)
            try stored.write(state.everyRecord, sql)
            state.discardChanges()
            return (state, stored, true)
        }
        madeTenant = made
        openedTenantId = stored.tenantId
        try legacy?.putAside()
        do {
            signingKey = try SigningKey(pem: stored.signingKey)
        } catch {
            throw PersistenceError(description: "the signing key of the tenant \(tenant) in \(database.location) is not a valid "
                + "RSA private key (\(error)); it was left as it is.")
        }
        loaded = Locked(Loaded(state: state, version: stored.version, policy: stored.policy))
    }

    /// Calls `observer` with the tenant's policy (JSON) whenever a transaction finds that another
    /// process (an instance on the same database, `nativeauth emulator import`) changed it.
    func observePolicy(_ observer: @escaping @Sendable (String?) -> Void) {
        policyObserver.withLock { $0 = observer }
    }

    /// Where the state is, for messages.
    private var location: String { database?.location ?? "memory" }

    /// Whether this store writes to a database.
    var isPersistent: Bool { database != nil }

    /// Reads the current state (catching up with other instances first).
    func read<Result>(_ body: (EmulatorState) throws -> Result) throws -> Result {
        try loaded.withLock { current in
            if let database {
                do {
                    _ = try database.transaction { sql in try catchUp(&current, sql) }
                } catch {
                    current.version = 0
                    throw error
                }
            }
            return try body(current.state)
        }
    }

    /// Applies a change. The change is kept (and written) even when `body` throws after mutating,
    /// so that, for example, a wrong code still counts against the flow.
    func update<Result>(_ body: (inout EmulatorState) throws -> Result) throws -> Result {
        try loaded.withLock { current in
            guard let database else {
                defer { current.state.discardChanges() }
                return try body(&current.state)
            }
            do {
                return try database.transaction { sql in
                    var stored = try catchUp(&current, sql)
                    let before = current.state.tableIdentity
                    let outcome = Swift.Result { try body(&current.state) }
                    let changes = current.state.takeChanges()
                    if current.state.tableIdentity != before {
                        stored.version += 1
                        stored.horizon = stored.version
                        stored.tenantId = current.state.tenantId
                        stored.secret = current.state.secret
                        try stored.removeRecords(sql)
                        try stored.write(current.state.everyRecord, sql)
                        try stored.save(sql)
                    } else if !changes.isEmpty {
                        stored.version += 1
                        try stored.write(changes, sql)
                        if stored.version % Self.removalsKept == 0 {
                            let through = stored.version - Self.removalsKept
                            try stored.forgetRemovals(through: through, sql)
                            stored.horizon = max(stored.horizon, through + 1)
                        }
                        try stored.saveVersion(sql)
                    }
                    current.version = stored.version
                    return outcome
                }.get()
            } catch let failure as PersistenceError {
                // The transaction was rolled back: what `body` changed in memory is not in the database.
                current.version = 0
                throw failure
            }
        }
    }

    /// Keeps `policy` (JSON) as the tenant's imported policy (the tenant's core holds its rules: this
    /// instance's own change is not handed to ``observePolicy(_:)``, other processes' are).
    func savePolicy(_ policy: String) throws {
        guard let database else { return }
        try loaded.withLock { current in
            try database.transaction { sql in
                guard var stored = try StoredTenant.read(tenant, sql) else { throw ProtocolError.unknownTenant(tenant) }
                stored.policy = policy
                try stored.savePolicy(sql)
            }
            current.policy = policy
        }
    }

    /// Removes the tenant and every record of it from the database (nothing to do in memory).
    func removeTenant() throws {
        guard let database else { return }
        try database.transaction { sql in try StoredTenant.read(tenant, sql)?.remove(sql) }
    }

    /// Whether the in-process lock is held now (by this or another thread), for tests.
    var isLocked: Bool { loaded.isLocked }

    /// Brings `current` up to date with what other instances committed, and returns the tenant's row.
    private func catchUp(_ current: inout Loaded, _ sql: any SQLStatements) throws -> StoredTenant {
        guard let stored = try StoredTenant.read(tenant, sql), stored.tenantId == openedTenantId else {
            // Removed by another instance (DELETE /_emulator/tenants/NAME), or removed and made again
            // (another tenant ID, key and application): this tenant is unknown now, and nothing of it is
            // written into its successor.
            throw ProtocolError.unknownTenant(tenant)
        }
        if current.version <= 0 || current.version < stored.horizon {
            current.state = try Self.loadAll(stored, sql, location: location)
        } else if current.version != stored.version {
            for change in try stored.records(after: current.version, sql, location: location) { current.state.apply(change) }
        }
        current.version = stored.version
        if stored.policy != current.policy {
            current.policy = stored.policy
            policyObserver.withLock { $0 }?(stored.policy)
        }
        return stored
    }

    /// The whole state of a stored tenant.
    private static func loadAll(_ stored: StoredTenant, _ sql: any SQLStatements, location: String) throws -> EmulatorState {
        var state = EmulatorState(tenantId: stored.tenantId)
        state.secret = stored.secret
        for change in try stored.records(after: 0, sql, location: location) { state.apply(change) }
        state.discardChanges()
        return state
    }
}
