import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NativeAuthShared
import NIOCore
import ServiceLifecycle

/// A running emulator of the native-authentication server, listening on loopback.
///
/// ```swift
/// var config = EmulatorConfiguration()
/// config.fixedCode = "12345678"
/// let emulator = try await Emulator.start(config)
/// // point the library at emulator.authority, client ID EmulatorConfiguration.defaultClientId
/// try await emulator.stop()
/// ```
public final class Emulator: Sendable {
    /// The port the emulator listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT` (`https://` with ``EmulatorConfiguration/tls``).
    public let baseURL: URL
    /// `http://127.0.0.1:PORT/{tenantSubdomain}.onmicrosoft.com`: the authority to give the library
    /// (`https://` with ``EmulatorConfiguration/tls``).
    public let authority: URL
    /// The CA that signed the server certificate, when the emulator serves HTTPS.
    public let certificateAuthority: EmulatorCertificateAuthority?
    /// The tenant GUID (the `tid` claim, and the path of the issuer).
    public let tenantId: String

    /// The demo tenant.
    let core: EmulatorCore
    /// Every tenant the instance serves.
    let tenants: TenantRegistry
    private let serviceGroup: ServiceGroup
    private let running: Task<Void, any Error>

    private init(tenants: TenantRegistry, port: Int, serviceGroup: ServiceGroup, running: Task<Void, any Error>,
                 certificateAuthority: EmulatorCertificateAuthority?) {
        self.core = tenants.demo
        self.tenants = tenants
        self.certificateAuthority = certificateAuthority
        self.port = port
        self.serviceGroup = serviceGroup
        self.running = running
        self.tenantId = tenants.demo.tenantId
        self.baseURL = URL(string: tenants.demo.baseURL)!
        self.authority = URL(string: "\(tenants.demo.baseURL)/\(tenants.demo.tenantDomain)")!
    }

    /// Loads (or creates) the state, binds the port and returns once the emulator is listening.
    public static func start(_ configuration: EmulatorConfiguration = EmulatorConfiguration()) async throws -> Emulator {
        // On a thread of its own: a new state generates an RSA key and hashes the demo users'
        // passwords, a TLS start may make a certificate, which must not hold a thread of the pool
        // that serves requests (of this process's other emulators, and of the app that runs it).
        let (tenants, certificateAuthority) = try await DetachedThread.run {
            let tenants = TenantRegistry(demo: try EmulatorCore(configuration: configuration))
            let certificateAuthority = configuration.tls
                ? try EmulatorCertificateAuthority.load(directory: configuration.stateDirectory, names: ServerNames.listening(on: configuration.host))
                : nil
            return (tenants, certificateAuthority)
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let connections = ConnectionRegistry(limit: ConnectionRegistry.effectiveLimit(configuration.maxConnections))
        let app = Application(
            responder: TenantDispatch(tenants: tenants, context: ConnectionContext.self),
            server: try TLSServer.builder(.http1(configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [ConnectionGuardHandler(registry: connections)],
                idleTimeout: .nanoseconds(Int64(configuration.idleTimeout * 1_000_000_000)))), authority: certificateAuthority),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                tenants.setPort(port)
                continuation.yield(port)
                continuation.finish()
            },
            logger: Self.quietServerLogger(configuration.logger)
        )
        let serviceGroup = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: configuration.logger))
        let running = Task {
            defer { continuation.finish() }
            try await serviceGroup.run()
        }
        var bound: Int?
        for await port in ports { bound = port }
        guard let port = bound, port > 0 else {
            try await running.value
            throw PersistenceError(description: "the emulator stopped before it was listening")
        }
        let emulator = Emulator(tenants: tenants, port: port, serviceGroup: serviceGroup, running: running,
                                certificateAuthority: certificateAuthority)
        emulator.logBanner()
        return emulator
    }

    /// Stops accepting requests, lets requests in progress finish, and waits until the server is down.
    /// State changes are written when they happen, so nothing is left to flush.
    public func stop() async throws {
        await serviceGroup.triggerGracefulShutdown()
        try await running.value
    }

    /// Waits until the emulator stops (after ``stop()`` is called from elsewhere).
    public func waitUntilStopped() async throws {
        try await running.value
    }

    private func logBanner() {
        let logger = core.configuration.logger
        let where_ = core.configuration.database == nil && core.configuration.stateDirectory == nil
            ? "memory (nothing persists)" : core.configuration.stateLocation
        logger.notice("""
            NativeAuth emulator listening on \(baseURL.absoluteString) — a local test double, NOT SECURE. \
            authority: \(authority.absoluteString) client_id: \(EmulatorConfiguration.defaultClientId) \
            tenant: \(tenantId) state: \(where_) demo users: alice@example.com (email code), bob@example.com (password Passw0rd!), webuser@example.com (email code, browser only), mfauser@example.com (password Passw0rd!, second factor email or SMS), registeruser@example.com (password Passw0rd!, registers a second factor), smsuser@example.com (email code, then SMS)
            """)
    }

    /// Hummingbird's own logger, one level quieter than the emulator's so its per-connection
    /// messages stay out of the way.
    private static func quietServerLogger(_ logger: Logger) -> Logger {
        var server = logger
        if server.logLevel < .warning { server.logLevel = .warning }
        return server
    }
}
