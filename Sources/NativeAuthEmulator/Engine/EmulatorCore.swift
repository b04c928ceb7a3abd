import Crypto
import Foundation
import Logging

/// Everything one tenant of an emulator instance shares between requests: configuration, state,
/// key, clock, faults, the request log and the codes sent. An instance serves its demo tenant (the
/// configuration's) and the tenants made with `POST /_emulator/tenants` (``TenantRegistry``), each a
/// core of its own, so that nothing of one is seen from another.
final class EmulatorCore: Sendable {
    let configuration: EmulatorConfiguration
    /// The tenant's settings when it was made by the admin API (nil: the demo tenant).
    let settings: TenantSettings?
    /// The database the tenant is kept in, shared by all the tenants of the instance (nil: memory).
    let database: (any StateDatabase)?
    let store: StateStore
    let key: SigningKey
    let clock = VirtualClock()
    let faults = FaultQueue()
    let requestLog = RequestLog()
    /// The codes this instance "sent", in memory only (see ``Outbox``).
    let outbox = Outbox()
    /// Called just before a password is checked against its hash, for tests.
    let beforePasswordVerification = Locked<(@Sendable () -> Void)?>(nil)
    let tenantId: String
    /// The tenant's application: ``EmulatorConfiguration/defaultClientId`` for the demo tenant.
    let clientId: String
    /// Registered client IDs, lower-cased.
    let clientIds: Set<String>
    /// The tenant's policies: the configuration's, an imported policy's, the seed file's.
    private let rules: Locked<TenantRules>
    /// The seed file as read at start: its members take the place of an imported policy's.
    private let seedFile: SeedFile?
    /// The tenant's sign-up policy: the seed file's `signUp`, else ``TenantPolicy/standard``.
    var tenantPolicy: TenantPolicy { rules.withLock { $0.signUp } }
    /// How password resets complete: the configuration's, or the seed file's `passwordReset`.
    var passwordReset: PasswordResetSettings { rules.withLock { $0.passwordReset } }
    /// The tenant's authentication contexts: the seed file's `authenticationContexts`, else none.
    var authenticationContexts: [AuthenticationContext] { rules.withLock { $0.authenticationContexts } }
    /// The tenant's policies in the seed file's form (an export's).
    var rulesSeed: SeedFile { rules.withLock { $0.seed } }
    /// The key of API V2's entry tokens (``EntryToken``), derived from the state's secret when the
    /// instance starts (instances sharing a state derive the same one).
    let entryTokenKey: SymmetricKey
    private let boundPort = Locked<Int>(0)
    /// The host its URLs name (``ServerNames/advertisedHost(listeningOn:)``), found once per
    /// emulator: the tenants made later take the demo tenant's.
    let advertisedHost: String
    /// When dead flows and tokens were last purged (emulator clock).
    private let lastPurge = Locked<Double>(0)
    /// Seconds between purges (each looks at every stored record, so it is not done on every request).
    static let purgeInterval: Double = 30

    /// The demo tenant of `configuration`, in the database it names (opened here), or in memory.
    convenience init(configuration: EmulatorConfiguration) throws {
        try configuration.validate()
        let (database, legacy) = try Self.openDatabase(configuration)
        try self.init(configuration: configuration, advertisedHost: ServerNames.advertisedHost(listeningOn: configuration.host),
                      settings: nil, database: database, legacy: legacy)
    }

    /// A tenant in `database`: the demo tenant (`settings` nil) or one made by the admin API, made
    /// in the database (with the demo users and the seed file's) when it is not there yet; its URLs
    /// name `advertisedHost`.
    init(configuration: EmulatorConfiguration, advertisedHost: String, settings: TenantSettings?, database: (any StateDatabase)?,
         legacy: LegacyStateFolder? = nil) throws {
        self.configuration = configuration
        self.advertisedHost = advertisedHost
        self.settings = settings
        self.database = database
        self.clientId = settings?.clientId ?? EmulatorConfiguration.defaultClientId
        self.clientIds = settings.map { [$0.clientId.lowercased()] } ?? Set(configuration.registeredClientIds.map { $0.lowercased() })
        let seedUsers = try Self.loadSeedFile(configuration.seedFile)
        // Checked before the state is touched: a seed whose policy cannot work stops the start.
        _ = try TenantRules(configuration, seed: seedUsers)
        let store = try StateStore(database: database, tenant: settings?.subdomain ?? StateStore.defaultTenant, legacy: legacy,
                                   settings: try settings.map { String(decoding: try JSONText.data($0), as: UTF8.self) }) {
            let tenantId = UUID().uuidString.lowercased()
            var state = EmulatorState(tenantId: tenantId)
            state.upsert(try SeedFile(users: DemoUsers.seeds).records(existing: [:], tenantId: tenantId))
            return state
        }
        if let seedUsers {
            try store.update { state in state.upsert(try seedUsers.records(existing: state.users, tenantId: state.tenantId)) }
        }
        self.store = store
        self.rules = Locked(try Self.rules(configuration, storedPolicy: store.storedPolicy, seedFile: seedUsers))
        self.seedFile = seedUsers
        self.tenantId = try store.read { $0.tenantId }
        let secret = try store.read { $0.secret }
        self.entryTokenKey = SymmetricKey(data: SHA256.hash(data: Data("nativeauth-emulator v2 entry\n\(secret)".utf8)))
        self.key = store.signingKey
        if settings == nil, let token = configuration.adminToken, let directory = configuration.stateDirectory {
            try AdminTokenFile.write(token, directory: directory)
        }
        store.observePolicy { [weak self] policy in self?.adopt(storedPolicy: policy) }
    }

    /// Takes up a policy another process imported into the tenant (the seed file's members still
    /// taking the place of what they name). One that cannot be read leaves the rules in force, and says so.
    private func adopt(storedPolicy policy: String?) {
        do {
            let rules = try Self.rules(configuration, storedPolicy: policy, seedFile: seedFile)
            self.rules.withLock { $0 = rules }
        } catch {
            configuration.logger.error("the tenant's policy in \(store.tenant) was changed by another process but cannot be used: \(error)")
        }
    }

    /// The tenant's rules: an imported policy (JSON, as the database keeps it), the seed file's members
    /// taking the place of what they name, the configuration's for the rest.
    private static func rules(_ configuration: EmulatorConfiguration, storedPolicy: String?, seedFile: SeedFile?) throws -> TenantRules {
        let stored = try storedPolicy.map { try JSONDecoder().decode(SeedFile.self, from: Data($0.utf8)) }
        return try TenantRules(configuration, seed: TenantRules.merged(stored: stored, file: seedFile))
    }

    /// The database the configuration names: PostgreSQL, the state folder's SQLite file (with the
    /// files of a folder written before the database, to migrate), or none (memory).
    private static func openDatabase(_ configuration: EmulatorConfiguration) throws -> ((any StateDatabase)?, LegacyStateFolder?) {
        if let url = configuration.database {
            return (try PostgresStateDatabase(url: url, logger: configuration.logger), nil)
        }
        guard let directory = configuration.stateDirectory else { return (nil, nil) }
        let folder = try StateFolder.open(directory)
        try folder.withExclusiveLock { folder.removeLeftovers() }
        return (try SQLiteStateDatabase(folder: folder), LegacyStateFolder(folder: folder))
    }

    static func loadSeedFile(_ url: URL?) throws -> SeedFile? {
        guard let url else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PersistenceError(description: "cannot read seed file \(url.path)")
        }
        do {
            return try JSONDecoder().decode(SeedFile.self, from: data).withPasswordsHashed()
        } catch {
            throw PersistenceError(description: "seed file \(url.path) is not valid: \(error)")
        }
    }

    var port: Int {
        get { boundPort.withLock { $0 } }
    }

    func setPort(_ port: Int) {
        boundPort.withLock { $0 = port }
    }

    /// `scheme://host:port`, with the host others reach it by (``advertisedHost``).
    var baseURL: String { "\(configuration.tls ? "https" : "http")://\(advertisedHost):\(port)" }
    var issuer: String { "\(baseURL)/\(tenantId)/v2.0" }
    var tenantDomain: String { "\(settings?.subdomain ?? configuration.tenantSubdomain).onmicrosoft.com" }

    /// Whether `/{tenant}/` names this emulator's tenant.
    func servesTenant(_ tenant: String) -> Bool {
        tenant.lowercased() == tenantDomain.lowercased() || tenant.lowercased() == tenantId
    }

    /// Runs a state change, purging dead flows and tokens now and then, dropping the oldest flows of
    /// a user or client over its cap, and handing the codes sent to the outbox.
    func update<Result>(_ body: (inout EmulatorState) throws -> Result) throws -> Result {
        let now = clock.now()
        let purge = lastPurge.withLock { last -> Bool in
            guard abs(now - last) >= Self.purgeInterval else { return false }
            last = now
            return true
        }
        var sent: [(userKey: String, record: SentCodeRecord)] = []
        defer { outbox.add(sent) }
        return try store.update { state in
            if purge {
                // A database is shared with instances whose clocks are their own: what is purged there is
                // what has expired on the wall clock too, so that moving this instance's clock forward
                // never removes another's flows or tokens (an expiry check still uses this clock).
                let purgeTime = store.isPersistent ? min(now, Date().timeIntervalSince1970) : now
                state.purge(now: purgeTime, refreshGrace: configuration.refreshTokenLifetime, guessing: configuration.guessingPolicy)
            }
            defer {
                state.enforceFlowCaps(perUser: configuration.maxFlowsPerUser, perClient: configuration.maxFlowsPerClient)
                sent = state.takeSentCodes()
            }
            return try body(&state)
        }
    }

    /// Makes `rules` the tenant's policies, kept in the database (they outlast restarts; a seed
    /// file's members still take the place of what they name at each start).
    func setRules(_ seed: SeedFile) throws {
        let rules = try TenantRules(configuration, seed: seed)
        try store.savePolicy(String(decoding: try JSONText.data(rules.seed), as: UTF8.self))
        self.rules.withLock { $0 = rules }
    }

    /// Back to the seeded state: demo users and seed-file users, no flows, tokens or codes.
    /// The tenant ID and signing key stay. Faults, the request log and the clock are cleared.
    func reset() throws {
        let seedUsers = try Self.loadSeedFile(configuration.seedFile)
        try store.update { state in
            let tenantId = state.tenantId
            state = EmulatorState(tenantId: tenantId)
            // The demo users' hash is made once per process (DemoUsers.passwordHash); a seed file's
            // users, any number, were hashed as it was read, before this transaction.
            state.upsert(try SeedFile(users: DemoUsers.seeds).records(existing: [:], tenantId: tenantId))
            if let seedUsers { state.upsert(try seedUsers.records(existing: state.users, tenantId: tenantId)) }
        }
        faults.clear()
        requestLog.clear()
        outbox.clear()
        clock.reset()
    }
}
