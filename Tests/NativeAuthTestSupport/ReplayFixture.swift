import Foundation
import Logging
import NativeAuth

/// An application wired to replay one scenario: the replay transport, an in-memory token store and a
/// manual clock that records the library's waits.
public struct ReplayFixture: Sendable {
    /// The client ID the recordings expect.
    public static let clientId = "00001111-aaaa-2222-bbbb-3333cccc4444"
    /// The tenant subdomain the recordings expect.
    public static let tenantSubdomain = "contoso"
    /// The authority that `tenantSubdomain` gives.
    public static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
    /// The server's retry delay the fixture's policy uses.
    public static let serverErrorDelay = Duration.milliseconds(250)

    public let app: NativeAuthPublicClientApplication
    public let transport: ReplayTransport
    public let store: InMemoryTokenStore
    public let clock: ManualClock

    /// The variable that runs the replayed tests in V2 mode: `NATIVEAUTH_TEST_API=v2`.
    public static let apiVariable = "NATIVEAUTH_TEST_API"

    /// The API the tests run with when they name none: the variable's (``apiVariable``), else V1.
    public static var configuredAPI: NativeAuthAPI {
        ProcessInfo.processInfo.environment[apiVariable].flatMap { NativeAuthAPI(rawValue: $0.lowercased()) } ?? .v1
    }

    /// Loads `scenario` and builds an application for it, speaking `api` (by default the
    /// ``configuredAPI``). In V2, a V1 scenario's name loads its V2 twin (`V2/<scenario>`), whose
    /// unused steps are reported by their V1 counterparts: a test written against the V1 recording
    /// runs unchanged, only the application's setting changed.
    public init(
        _ scenario: String, challengeTypes: NativeAuthChallengeTypes = [.OOB], capabilities: NativeAuthCapabilities = [],
        clock: ManualClock = ManualClock(), logger: Logger? = nil, api: NativeAuthAPI? = nil
    ) throws {
        let api = api ?? (scenario.hasPrefix(RecordingLoader.v2Folder + "/") ? .v2 : Self.configuredAPI)
        let twin = api == .v2 && !scenario.hasPrefix(RecordingLoader.v2Folder + "/")
        transport = try ReplayTransport(scenario: twin ? "\(RecordingLoader.v2Folder)/\(scenario)" : scenario,
                                        authority: Self.authority, reportsCounterparts: twin)
        store = InMemoryTokenStore()
        self.clock = clock
        app = try NativeAuthPublicClientApplication(
            clientId: Self.clientId, tenantSubdomain: Self.tenantSubdomain, challengeTypes: challengeTypes,
            capabilities: capabilities, transport: transport, tokenStore: store, logger: logger,
            retryPolicy: RetryPolicy(serverErrorDelay: Self.serverErrorDelay, maximumRetryAfter: .seconds(10)), clock: clock, api: api)
    }

    /// The flow's correlation ID as the library reports it (`UUID`), from the replayed client-request-id.
    public var flowId: UUID? { transport.flowId.flatMap(UUID.init(uuidString:)) }
}
