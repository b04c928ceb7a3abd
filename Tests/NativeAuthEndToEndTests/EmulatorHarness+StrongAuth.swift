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

    /// Runs `body` against a fresh emulator seeded with `seed` (a seed file's JSON), removing the file afterwards.
    static func run(seed json: String, _ body: (EmulatorHarness) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        try Data(json.utf8).write(to: seed)
        try await run(configure: { $0.seedFile = seed }, body)
    }

    /// A sign-up of `username` with `password` on `app` (the code is the harness's fixed one, the
    /// tenant asks for no attributes): the state that signs the new user in.
    static func passwordSignUp(_ app: NativeAuthPublicClientApplication, _ username: String, password: String) async throws
        -> SignInAfterSignUpState
    {
        let parameters = NativeAuthSignUpParameters(username: username)
        parameters.password = password
        guard case .codeRequired(let code, _, _, _) = await app.signUp(parameters: parameters),
              case .completed(let created) = await code.submitCode(code: "12345678")
        else { throw HarnessError("expected the sign-up of \(username) to complete") }
        return created
    }
}
