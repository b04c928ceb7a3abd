import ArgumentParser
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdAuth
import Logging
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import PostgresNIO
import ServiceLifecycle

/// `nativeauth-web-example`: a sign-in website on NativeAuth (sign-in by code or password, sign-up,
/// password reset, MFA, and a "me" page calling an API with the user's token), which runs as
/// several replicas on one PostgreSQL. See Examples/NativeAuthWebExample/README.md.
@main
struct WebExample: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nativeauth-web-example",
        abstract: "A sign-in website on NativeAuth, as one replica of several sharing one PostgreSQL.")

    @Option(help: "The port to listen on (0: any free one; the line 'listening on URL' says which).")
    var port: Int

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The authority (such as the emulator's http://127.0.0.1:PORT/emulator.onmicrosoft.com); none: an embedded emulator.")
    var authority: String?

    @Option(name: .customLong("client-id"), help: "The application (client) ID; the emulator's without --authority.")
    var clientId: String?

    @Option(help: "PostgreSQL's URL, postgres://user[:password]@host[:port]/database[?sslmode=disable].")
    var database: String

    @Option(name: .customLong("database-timeout"), help: "Seconds a request waits for a database connection before it fails (503).")
    var databaseTimeout: Double = 5

    @Option(name: .customLong("key-file"), help: "The keys that seal flow states and encrypt tokens at rest: 'id:base64' lines, the current key first.")
    var keyFile: String

    @Option(help: "This replica's name, sent as X-Served-By (default: host:port).")
    var replica: String?

    @Option(name: .customLong("api"), help: "The API the 'me' page calls (default: the emulator's /v1.0/me, or Microsoft Graph's).")
    var api: String?

    @Option(name: .customLong("api-scope"), help: "A scope the API's token needs (repeatable; default: User.Read).")
    var apiScopes: [String] = []

    @Flag(name: .customLong("trust-forwarded-host"), help: "Take X-Forwarded-Host as the site's host (only behind a proxy that sets it).")
    var trustsForwardedHost = false

    @Flag(name: .customLong("secure-cookies"), help: "The site is served over HTTPS (such as by a TLS proxy): the session cookie is Secure, and a POST must come from an https page.")
    var secureCookies = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if authority != nil && clientId == nil { throw ValidationError("--authority needs --client-id.") }
        guard databaseTimeout > 0 && databaseTimeout <= 3600 else { throw ValidationError("--database-timeout must be more than 0 and at most 3600 seconds.") }
    }

    func run() async throws {
        let telemetry = try Telemetry.bootstrap(serviceName: "nativeauth-web-example")  // before the first logger
        var logger = Logger(label: "nativeauth.web-example")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let keys = try SealingKeys(keyFile: keyFile)
        let embedded = authority == nil ? try EmbeddedEmulator.start() : nil
        defer { embedded?.stop() }
        let authorityURL = try embedded?.authority ?? URL(string: authority!).orThrow(ValidationError("--authority is not a URL."))
        let config = try NativeAuthPublicClientApplicationConfig(
            clientId: embedded?.clientId ?? clientId!, authority: authorityURL, challengeTypes: [.OOB, .password])
        // Both: a second factor, and a registration of one (which this site answers `registration_required`).
        config.capabilities = [.mfaRequired, .registrationRequired]
        config.transport = TracedTransport(wrapping: HTTPTransports.makeDefault())
        config.logger = logger
        let nativeAuth = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)

        let client = PostgresClient(configuration: try .init(databaseURL: database), backgroundLogger: logger)
        let database = NativeAuthDatabase(client: client, timeout: .milliseconds(Int64(databaseTimeout * 1000)), logger: logger)
        let store = PostgresTokenStore(database: database, keys: keys)
        let ledger = PostgresSealedStateLedger(database: database)
        let sessions = PostgresSessionDriver(database: database)
        let site = Site(app: nativeAuth, store: store, sealer: FlowStateSealer(keys: keys, ledger: ledger),
                        api: try apiURL(authority: authorityURL), apiScopes: apiScopes.isEmpty ? ["User.Read"] : apiScopes,
                        sessions: sessions, replica: replica ?? "\(host):\(port)", logger: logger)

        let router = Router(context: SiteContext.self)
        router.add(middleware: ServedBy(replica: site.replica))
        router.add(middleware: SecurityHeaders())
        router.add(middleware: APIErrorShape())
        router.add(middleware: OriginCheck(trustsForwardedHost: trustsForwardedHost, scheme: secureCookies ? "https" : "http"))
        router.add(middleware: SessionLoadCheck.Watching())
        router.add(middleware: SessionMiddleware(storage: sessions, configuration: SessionMiddlewareConfiguration(
            sessionCookieParameters: SessionCookieParameters(name: "nativeauth_session", secure: secureCookies, sameSite: .lax),
            keyPrefix: "s.", defaultSessionExpiration: .seconds(8 * 3600))))
        router.add(middleware: SessionLoadCheck.Checking())
        router.add(middleware: OpenFailure.Answering())  // inside the sessions: they are kept
        Pages.register(on: router)
        Self.registerAPI(on: router, site)

        let host = host
        var application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "nativeauth-web-example"),
            onServerRunning: { channel in
                // Unbuffered: whoever started the site waits for this line on a pipe.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(channel.localAddress?.port ?? 0)\n".utf8))
            },
            logger: logger)
        application.addServices(client, store, ledger, sessions)
        if let telemetry { application.addServices(telemetry) }
        application.beforeServerStarts {
            try await database.migrate()
            try await sessions.prepare()
        }
        try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }

    /// The JSON API's routes (see the README for each one's answers).
    private static func registerAPI(on router: Router<SiteContext>, _ site: Site) {
        router.post("/api/signin", use: site.signIn)
        router.post("/api/signin/code", use: site.signInCode)
        router.post("/api/signin/password", use: site.signInPassword)
        router.post("/api/signin/resend", use: site.signInResend)
        router.post("/api/signin/mfa", use: site.signInMFAChallenge)
        router.post("/api/signin/mfa/code", use: site.signInMFACode)
        router.post("/api/signin/mfa/resend", use: site.signInMFAResend)
        router.post("/api/signup", use: site.signUp)
        router.post("/api/signup/code", use: site.signUpCode)
        router.post("/api/signup/password", use: site.signUpPassword)
        router.post("/api/signup/attributes", use: site.signUpAttributes)
        router.post("/api/signup/resend", use: site.signUpResend)
        router.post("/api/reset", use: site.resetPassword)
        router.post("/api/reset/code", use: site.resetPasswordCode)
        router.post("/api/reset/password", use: site.resetPasswordNew)
        router.post("/api/reset/resend", use: site.resetPasswordResend)
        router.get("/api/me", use: site.me)
        router.post("/api/signout", use: site.signOut)
    }

    /// `--api`, or the emulator's `/v1.0/me` beside a loopback authority, or Microsoft Graph's.
    private func apiURL(authority: URL) throws -> URL {
        if let api { return try URL(string: api).orThrow(ValidationError("--api is not a URL.")) }
        if let host = authority.host, ["127.0.0.1", "localhost", "::1"].contains(host), let port = authority.port {
            return URL(string: "\(authority.scheme ?? "http")://\(host):\(port)/v1.0/me")!
        }
        return URL(string: "https://graph.microsoft.com/v1.0/me")!
    }
}

/// Names the replica that answered, as `X-Served-By` (the pages list them).
struct ServedBy<Context: RequestContext>: RouterMiddleware {
    let replica: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[HTTPField.Name("X-Served-By")!] = replica
        return response
    }
}

extension Optional {
    /// The value, or `error` thrown.
    func orThrow(_ error: some Error) throws -> Wrapped {
        guard let self else { throw error }
        return self
    }
}
