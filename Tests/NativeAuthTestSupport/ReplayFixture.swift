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

    /// Loads `scenario` and builds an application for it.
    public init(
        _ scenario: String, challengeTypes: NativeAuthChallengeTypes = [.OOB], capabilities: NativeAuthCapabilities = [],
        clock: ManualClock = ManualClock(), logger: Logger? = nil
    ) throws {
        transport = try ReplayTransport(scenario: scenario, authority: Self.authority)
        store = InMemoryTokenStore()
        self.clock = clock
        app = try NativeAuthPublicClientApplication(
            clientId: Self.clientId, tenantSubdomain: Self.tenantSubdomain, challengeTypes: challengeTypes,
            capabilities: capabilities, transport: transport, tokenStore: store, logger: logger,
            retryPolicy: RetryPolicy(serverErrorDelay: Self.serverErrorDelay, maximumRetryAfter: .seconds(10)), clock: clock)
    }

    /// The flow's correlation ID as the library reports it (`UUID`), from the replayed client-request-id.
    public var flowId: UUID? { transport.flowId.flatMap(UUID.init(uuidString:)) }
}
