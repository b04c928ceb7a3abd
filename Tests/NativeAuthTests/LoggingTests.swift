import Foundation
import Logging
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Logs")
struct LoggingTests {
    @Test("Logs never hold passwords, codes or tokens, and the username only masked")
    func noSecretsInLogs() async throws {
        let lines = CapturingLogHandler.Lines()
        let logger = CapturingLogHandler.logger(into: lines)
        let username = "user@example.com"
        let password = "Secret-Passw0rd-7781"
        let code = "90817263"

        // A password sign-in (password at start).
        let passwordApp = try NativeAuthPublicClientApplication(
            clientId: MockServer.clientId, authority: MockServer.authority, challengeTypes: [.password],
            transport: MockServer.transport(challenge: "password"), logger: logger)
        let withPassword = NativeAuthSignInParameters(username: username)
        withPassword.password = password
        #expect(await passwordApp.signIn(parameters: withPassword).completed != nil)

        // An OTP sign-in, then a refresh.
        let otpApp = try NativeAuthPublicClientApplication(
            clientId: MockServer.clientId, authority: MockServer.authority, challengeTypes: [.OOB],
            transport: MockServer.transport(), logger: logger)
        let state = try #require(await otpApp.signIn(parameters: NativeAuthSignInParameters(username: username)).codeRequired?.state)
        let account = try #require(await state.submitCode(code: code).completed)
        let refreshed = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        #expect(refreshed.accessToken == "fake-access-1")

        let log = lines.all.joined(separator: "\n")
        #expect(!lines.all.isEmpty)
        let idToken = try #require(account.idToken)
        for secret in [password, code, "CT1-mock", "CT2-mock", "fake-access-0", "fake-access-1",
                       "fake-refresh-0", "fake-refresh-1", idToken, username] {
            #expect(!log.contains(secret), "the logs contain \(secret)")
        }
        #expect(log.contains("u**r@e*****e.com"))
    }
}
