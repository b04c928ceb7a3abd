import Foundation
import NativeAuth
import NativeAuthEmulator

extension EmulatorHarness {
    static let webUser = "webuser@example.com"

    /// An application of the emulator's default client with the seams a browser test needs.
    func browserApp(transport: (any HTTPTransport)? = nil, clock: any NativeAuthClock = SystemClock(),
                    redirectUri: String? = nil) throws -> NativeAuthPublicClientApplication {
        let config = try NativeAuthPublicClientApplicationConfig(
            clientId: EmulatorConfiguration.defaultClientId, authority: emulator.authority, challengeTypes: [.OOB, .password])
        config.transport = transport
        config.tokenStore = store
        config.clock = clock
        config.redirectUri = redirectUri
        config.retryPolicy = RetryPolicy(serverErrorDelay: .milliseconds(10), maximumRetryAfter: .seconds(1))
        return try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
    }
}
