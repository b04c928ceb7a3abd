import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// The password-reset delegates, each implementing only its required error callback: a callback the
/// flow reaches but the delegate lacks is reported through the error callback, naming it.
@MainActor
private final class ResetErrorsOnly: ResetPasswordStartDelegate, ResetPasswordVerifyCodeDelegate, ResetPasswordResendCodeDelegate,
    ResetPasswordRequiredDelegate, SignInAfterResetPasswordDelegate
{
    var messages: [String] = []

    func onResetPasswordStartError(error: ResetPasswordStartError) { messages.append(error.errorDescription ?? "") }
    func onResetPasswordVerifyCodeError(error: VerifyCodeError, newState: ResetPasswordCodeRequiredState?) { messages.append(error.errorDescription ?? "") }
    func onResetPasswordResendCodeError(error: ResendCodeError, newState: ResetPasswordCodeRequiredState?) { messages.append(error.errorDescription ?? "") }
    func onResetPasswordRequiredError(error: PasswordRequiredError, newState: ResetPasswordRequiredState?) { messages.append(error.errorDescription ?? "") }
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError) { messages.append(error.errorDescription ?? "") }

    /// The next message reported; fails the test when none arrives within 60 s (a bound for a loaded machine, not a timing).
    func waitForMessage(_ index: Int) async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while messages.count <= index, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return try #require(messages.count > index ? messages[index] : nil, "no error callback within 60 s")
    }
}

@Suite("Password-reset delegate default methods")
@MainActor
struct ResetPasswordDelegateDefaultTests {
    @Test("Each unimplemented success callback is reported through its protocol's error callback")
    func defaults() async throws {
        let app = try MockServer.app(ResetPasswordMockServer.transport())
        let delegate = ResetErrorsOnly()
        let parameters = NativeAuthResetPasswordParameters(username: "user@example.com")

        app.resetPassword(parameters: parameters, delegate: delegate)
        #expect(try await delegate.waitForMessage(0).contains("onResetPasswordCodeRequired(newState:sentTo:channelTargetType:codeLength:)"))

        let resend = try #require(await app.resetPassword(parameters: parameters).codeRequired?.state)
        resend.resendCode(delegate: delegate)
        #expect(try await delegate.waitForMessage(1).contains("onResetPasswordResendCodeRequired"))

        let code = try #require(await app.resetPassword(parameters: parameters).codeRequired?.state)
        code.submitCode(code: "12345678", delegate: delegate)
        #expect(try await delegate.waitForMessage(2).contains("onPasswordRequired(newState:)"))

        let password = try #require(await app.resetPassword(parameters: parameters).codeRequired?.state.submitCode(code: "12345678").passwordRequired)
        password.submitPassword(password: "N3w-Passw0rd!", delegate: delegate)
        #expect(try await delegate.waitForMessage(3).contains("onResetPasswordCompleted(newState:)"))

        let reset = try #require(await app.resetPassword(parameters: parameters).codeRequired?.state.submitCode(code: "12345678")
            .passwordRequired?.submitPassword(password: "N3w-Passw0rd!").completed)
        reset.signIn(parameters: NativeAuthSignInAfterResetPasswordParameters(), delegate: delegate)
        let last = try await delegate.waitForMessage(4)
        #expect(last.contains("onSignInCompleted(result:)"))
        #expect(last.contains("not implement"))
    }
}
