import Crypto
import Foundation
import Logging

/// Everything one emulator instance shares between requests: configuration, state, key, clock,
/// faults and the request log.
final class EmulatorCore: Sendable {
    let configuration: EmulatorConfiguration
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
    /// Registered client IDs, lower-cased.
    let clientIds: Set<String>
    /// The tenant's sign-up policy: the seed file's `signUp`, else ``TenantPolicy/standard``.
    let tenantPolicy: TenantPolicy
    /// How password resets complete: the configuration's, or the seed file's `passwordReset`.
    let passwordReset: PasswordResetSettings
    /// The tenant's authentication contexts: the seed file's `authenticationContexts`, else none.
    let authenticationContexts: [AuthenticationContext]
    /// The key of API V2's entry tokens (``EntryToken``), derived from the state's secret when the
    /// instance starts (instances sharing a state directory derive the same one).
    let entryTokenKey: SymmetricKey
    private let boundPort = Locked<Int>(0)
    /// When dead flows and tokens were last purged (emulator clock).
    private let lastPurge = Locked<Double>(0)
    /// Seconds between purges (each looks at every stored record, so it is not done on every request).
    static let purgeInterval: Double = 30

    init(configuration: EmulatorConfiguration) throws {
        try configuration.validate()
        self.configuration = configuration
        self.clientIds = Set(configuration.registeredClientIds.map { $0.lowercased() })
        let seedUsers = try Self.loadSeedFile(configuration.seedFile)
        let tenantPolicy = seedUsers?.signUp ?? .standard
        try tenantPolicy.validate()
        self.tenantPolicy = tenantPolicy
        self.passwordReset = try PasswordResetSettings(configuration, seed: seedUsers?.passwordReset)
        let contexts = seedUsers?.authenticationContexts ?? []
        try AuthenticationContext.validate(contexts)
        self.authenticationContexts = contexts
        let store = try StateStore(directory: configuration.stateDirectory) {
            let tenantId = UUID().uuidString.lowercased()
            var state = EmulatorState(tenantId: tenantId)
            state.upsert(try SeedFile(users: DemoUsers.seeds).records(existing: [:], tenantId: tenantId))
            return state
        }
        if let seedUsers {
            try store.update { state in state.upsert(try seedUsers.records(existing: state.users, tenantId: state.tenantId)) }
        }
        self.store = store
        self.tenantId = try store.read { $0.tenantId }
        let secret = try store.read { $0.secret }
        self.entryTokenKey = SymmetricKey(data: SHA256.hash(data: Data("nativeauth-emulator v2 entry\n\(secret)".utf8)))
        self.key = try KeyStore.load(directory: configuration.stateDirectory)
        if let token = configuration.adminToken, let directory = configuration.stateDirectory {
            try KeyStore.writeAdminToken(token, directory: directory)
        }
    }

    static func loadSeedFile(_ url: URL?) throws -> SeedFile? {
        guard let url else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PersistenceError(description: "cannot read seed file \(url.path)")
        }
        do {
            return try JSONDecoder().decode(SeedFile.self, from: data)
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

    var baseURL: String { "\(configuration.tls ? "https" : "http")://\(configuration.host):\(port)" }
    var issuer: String { "\(baseURL)/\(tenantId)/v2.0" }
    var tenantDomain: String { "\(configuration.tenantSubdomain).onmicrosoft.com" }

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
                state.purge(now: now, refreshGrace: configuration.refreshTokenLifetime, guessing: configuration.guessingPolicy)
            }
            defer {
                state.enforceFlowCaps(perUser: configuration.maxFlowsPerUser, perClient: configuration.maxFlowsPerClient)
                sent = state.takeSentCodes()
            }
            return try body(&state)
        }
    }

    /// Back to the seeded state: demo users and seed-file users, no flows, tokens or codes.
    /// The tenant ID and signing key stay. Faults, the request log and the clock are cleared.
    func reset() throws {
        let seedUsers = try Self.loadSeedFile(configuration.seedFile)
        try store.update { state in
            let tenantId = state.tenantId
            state = EmulatorState(tenantId: tenantId)
            state.upsert(try SeedFile(users: DemoUsers.seeds).records(existing: [:], tenantId: tenantId))
            if let seedUsers { state.upsert(try seedUsers.records(existing: state.users, tenantId: tenantId)) }
        }
        faults.clear()
        requestLog.clear()
        outbox.clear()
        clock.reset()
    }
}
