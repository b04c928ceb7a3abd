import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// Collects what the error callbacks report.
@MainActor
private class ErrorCollector {
    var messages: [String] = []

    /// The first message reported; fails the test (by `#require`) when none arrives within 60 s (a bound for a loaded machine, not a timing).
    func waitForMessage() async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while messages.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return try #require(messages.first, "no error callback within 60 s")
    }
}

// Each implements only its protocol's required error callback. (One class conforming to both
// SignInStartDelegate and SignInVerifyCodeDelegate must implement onSignInCompleted itself, since both
// protocols give it a default.)
@MainActor
private final class StartErrorOnly: ErrorCollector, SignInStartDelegate {
    func onSignInStartError(error: SignInStartError) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class VerifyErrorOnly: ErrorCollector, SignInVerifyCodeDelegate {
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class CredentialsErrorOnly: ErrorCollector, CredentialsDelegate {
    func onAccessTokenRetrieveError(error: RetrieveAccessTokenError) { messages.append(error.errorDescription ?? "") }
}

@Suite("Delegate default methods")
@MainActor
struct DelegateDefaultTests {
    @Test("An unimplemented onSignInCodeRequired is reported through onSignInStartError")
    func startDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let delegate = StartErrorOnly()
        app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"), delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignInCodeRequired"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onSignInCompleted is reported through onSignInVerifyCodeError")
    func verifyDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        let delegate = VerifyErrorOnly()
        state.submitCode(code: "12345678", delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignInCompleted"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onAccessTokenRetrieveCompleted is reported through onAccessTokenRetrieveError")
    func credentialsDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        let account = try #require(await state.submitCode(code: "12345678").completed)
        let delegate = CredentialsErrorOnly()
        account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(), delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onAccessTokenRetrieveCompleted"))
        #expect(message.contains("not implement"))
    }
}
