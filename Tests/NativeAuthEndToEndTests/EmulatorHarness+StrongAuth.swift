import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport

/// The demo users of the strong-authentication tests, and an application that advertises both
/// capabilities.
extension EmulatorHarness {
    static let mfaUser = "mfauser@example.com"
    static let registerUser = "registeruser@example.com"
    /// Signs in with an email code, then an SMS code.
    static let smsUser = "smsuser@example.com"
    static let demoPassword = "Passw0rd!"

    /// An application of the emulator's default client with `capabilities`, sharing this harness's store.
    func app(capabilities: NativeAuthCapabilities, challengeTypes: NativeAuthChallengeTypes = [.OOB, .password]) throws
        -> NativeAuthPublicClientApplication
    {
        let config = try NativeAuthPublicClientApplicationConfig(
            clientId: EmulatorConfiguration.defaultClientId, authority: emulator.authority, challengeTypes: challengeTypes)
        config.capabilities = capabilities
        config.tokenStore = store
        return try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
    }

    /// A password sign-in of `username` on `app`.
    static func passwordSignIn(_ app: NativeAuthPublicClientApplication, _ username: String, password: String = demoPassword)
        async -> SignInStartResult
    {
        let parameters = NativeAuthSignInParameters(username: username)
        parameters.password = password
        return await app.signIn(parameters: parameters)
    }

    /// A seed file holding `json`, in a folder of its own (removed by the caller).
    static func seedFile(_ json: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let seed = directory.appendingPathComponent("seed.json")
        try Data(json.utf8).write(to: seed)
        return seed
    }
}
