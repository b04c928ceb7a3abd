import Foundation
import Logging
import NativeAuthShared

/// Settings for one emulator instance. Every field has a default, so `EmulatorConfiguration()`
/// starts an in-memory emulator on an ephemeral loopback port.
public struct EmulatorConfiguration: Sendable {
    /// The client (application) ID registered in every emulator.
    public static let defaultClientId = "e1a70000-0000-4000-8000-000000000001"

    /// `$XDG_STATE_HOME/nativeauth/emulator`, else `~/.local/state/nativeauth/emulator`.
    public static var defaultStateDirectory: URL {
        StateDirectories.emulatorDefault(environment: ProcessInfo.processInfo.environment)
    }

    /// The address to listen on: loopback by default. Another address (`0.0.0.0`, a machine's own)
    /// lets other machines reach the protocol endpoints and pages; the admin API then answers them
    /// only with ``tls`` (and the admin token). The emulator is not secure: listen beyond loopback
    /// only on a network of your own.
    public var host: String = "127.0.0.1"
    /// The port to listen on; `0` picks a free ephemeral port.
    public var port: Int = 0
    /// The bearer token the admin API (`/_emulator/`) requires, sent as `Authorization: Bearer TOKEN`.
    /// `nil` (the default) serves no admin routes at all: they answer 404 like any unknown path.
    /// ``makeAdminToken()`` makes a random one.
    public var adminToken: String? = nil
    /// Seconds a connection may stay idle (no request being read or answered) before it is closed.
    public var idleTimeout: TimeInterval = 30
    /// Most connections open at once (also kept below the process's file-descriptor limit). A new
    /// connection beyond it closes the one that has been quiet the longest.
    public var maxConnections: Int = 512
    /// Where state persists (users, signing key, refresh tokens, live flows); `nil` keeps it in memory.
    public var stateDirectory: URL? = nil
    /// A PostgreSQL database to keep the state in, `postgres://USER[:PASSWORD]@HOST:PORT/DATABASE`
    /// (the password may also come from `PGPASSWORD`): every instance given the same one shares its
    /// users, flows, codes, refresh tokens and signing key. It takes the place of the state folder's
    /// database; the folder, when one is given too, still keeps the CA (``tls``) and the admin token.
    /// A database that cannot be reached or used stops ``Emulator/start(_:)`` with an error.
    public var database: String? = nil
    /// Where the state is kept, for messages: ``database`` without its password, the state folder,
    /// or `(in memory)`.
    public var stateLocation: String {
        if let database {
            return (try? PostgresStateDatabase.configuration(database).1) ?? "(a database URL that is not one)"
        }
        return stateDirectory?.path ?? "(in memory)"
    }

    /// A JSON file of users (`{"users":[{"username","method","password","displayName"}]}`) imported at start.
    public var seedFile: URL? = nil
    /// When set, every code sent is this value instead of a random one (for tests).
    public var fixedCode: String? = nil
    /// Called for every code "sent by email". The default prints one line to standard error.
    public var onCodeSent: @Sendable (SentCode) -> Void = SentCode.printToStandardError
    /// Number of digits in a random code.
    public var codeLength: Int = 8
    /// How long a code stays valid, in seconds.
    public var codeLifetime: TimeInterval = 600
    /// Wrong codes (or passwords) allowed in one flow; the flow is dead after this many.
    public var maxCodeAttempts: Int = 5
    /// Sign-in flows kept per user; starting one more drops that user's oldest.
    public var maxFlowsPerUser: Int = 10
    /// Sign-in flows kept per client ID; starting one more drops that client's oldest.
    public var maxFlowsPerClient: Int = 10_000
    /// The emulator's own limit on wrong codes and passwords per user across flows (see ``GuessingPolicy``).
    public var guessingPolicy: GuessingPolicy = .default
    /// How long a continuation token stays valid, in seconds.
    public var continuationTokenLifetime: TimeInterval = 600
    /// How long an authorization code from the sign-in page can be redeemed, in seconds.
    public var authorizationCodeLifetime: TimeInterval = 600
    /// How long a device code (and its user code) stays valid (`expires_in`), in seconds.
    public var deviceCodeLifetime: TimeInterval = 900
    /// The seconds a device-code client must wait between polls (`interval`).
    public var deviceCodePollInterval: Int = 5
    /// Access token lifetime (`expires_in`), in seconds.
    public var accessTokenLifetime: TimeInterval = 3600
    /// ID token lifetime, in seconds.
    public var idTokenLifetime: TimeInterval = 3600
    /// Refresh token lifetime, in seconds. Each rotation issues a token with a fresh lifetime.
    public var refreshTokenLifetime: TimeInterval = 86_400
    /// How many times `/resetpassword/v1.0/poll_completion` answers `in_progress` before `succeeded`
    /// (0 to 1000; a seed file's `passwordReset.pendingPolls` overrides it).
    public var passwordResetPendingPolls: Int = 1
    /// The `poll_interval` `/resetpassword/v1.0/submit` answers, in seconds (1 to 60; a seed file's
    /// `passwordReset.pollInterval` overrides it).
    public var passwordResetPollInterval: Int = 1
    /// Seconds after a refresh token was exchanged during which presenting it again returns the same
    /// successor, once (an answer lost on the way). Any other reuse revokes the whole family.
    public var refreshTokenReuseGrace: TimeInterval = 60
    /// The tenant's subdomain: routes answer under `/{tenantSubdomain}.onmicrosoft.com/`.
    public var tenantSubdomain: String = "emulator"
    /// Client IDs accepted besides ``defaultClientId``.
    public var additionalClientIds: Set<String> = []
    /// Serve HTTPS with a certificate signed by the emulator's own CA (``EmulatorCertificateAuthority``,
    /// kept in `tls/` of the state directory, else in memory); every URL it hands out says `https`.
    public var tls: Bool = false
    /// The version segment of API V2's `/{tenant}/api/{version}/…` steps, which the emulator's hrefs
    /// carry and its routes serve (Learn names `v2.0`; the SDKs' captures show `v0.1`). Clients follow
    /// hrefs and must treat it as opaque: a test may change it to show that one does. Letters, digits,
    /// `.`, `_` and `-`, at most 16.
    public var v2APIVersion: String = "v2.0"
    /// How API V2's hrefs are written (``V2HrefStyle``): relative by default.
    public var v2HrefStyle: V2HrefStyle = .relative
    /// The emulator's logger. It never logs passwords, codes or tokens.
    public var logger: Logger = Logger(label: "nativeauth.emulator")

    /// A configuration with every default.
    public init() {}

    /// The client IDs this emulator accepts.
    var registeredClientIds: Set<String> {
        additionalClientIds.union([Self.defaultClientId])
    }
}
