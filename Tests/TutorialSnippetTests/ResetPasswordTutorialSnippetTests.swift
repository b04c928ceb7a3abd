import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// The code of MSAL's "Tutorial: Self-service password reset in iOS/macOS app" (Microsoft Learn;
/// source in MicrosoftDocs/entra-docs,
/// docs/identity-platform/tutorial-native-authentication-ios-macos-self-service-password-reset.md),
/// the MSAL prefix removed, run against the recordings.
@Suite("Password-reset tutorial snippets against the recordings")
@MainActor
struct ResetPasswordTutorialSnippetTests {
    private let email = "user@example.com"

    private func codeState(_ fixture: ReplayFixture) async throws -> ResetPasswordCodeRequiredState {
        let start = await fixture.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: email))
        guard case .codeRequired(let newState, _, _, _) = start else { throw UnexpectedResult(description: "expected a code, got \(start)") }
        return newState
    }

    @Test("resetPassword shows 'Verification code sent to …'")
    func codeSent() async throws {
        let fixture = try ReplayFixture("ResetPasswordSuccess")
        let vc = ResetPasswordViewController(nativeAuth: fixture.app)
        vc.resetPassword(email: email)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Verification code sent to u***r@e*****e.com")
        #expect(fixture.transport.mismatches.isEmpty)
        #expect(fixture.transport.unusedSteps.first == "03-continue.json", "the tutorial's start delegate does not keep the state")
    }

    @Test("The code, then the new password from onPasswordRequired: 'Password reset completed' after two in_progress polls")
    func codeThenPassword() async throws {
        let fixture = try ReplayFixture("ResetPasswordSuccess")
        let vc = ResetPasswordViewController(nativeAuth: fixture.app)
        vc.codeFormSubmitted(newState: try await codeState(fixture), userSuppliedCode: "12345678")
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Password reset completed")
        #expect(fixture.clock.sleeps == [.seconds(2), .seconds(2)])
        try fixture.transport.assertAllUsed()
    }

    @Test("A wrong code is retried with retrieveNewCode(newState); a refused password with retrieveNewPassword()")
    func errorsWithStates() async throws {
        let code = try ReplayFixture("ResetPasswordWrongCodeThenSuccess")
        let wrong = ResetPasswordViewController(nativeAuth: code.app)
        wrong.codeFormSubmitted(newState: try await codeState(code), userSuppliedCode: "00000000")
        try await waitUntil { wrong.resultTextView.text != nil }
        #expect(wrong.resultTextView.text == "Password reset completed")
        try code.transport.assertAllUsed()

        let policy = try ReplayFixture("ResetPasswordPolicyAtSubmit")
        let weak = ResetPasswordViewController(nativeAuth: policy.app, newPassword: "fake")
        weak.codeFormSubmitted(newState: try await codeState(policy), userSuppliedCode: "12345678")
        try await waitUntil { weak.resultTextView.text != nil }
        #expect(weak.resultTextView.text == "Password reset completed")
        try policy.transport.assertAllUsed()
    }

    @Test("Handling start errors", arguments: [
        ("ResetPasswordUserNotFound", "nobody@example.com", "User not found"),
        ("ResetPasswordUserWithoutPassword", "user@example.com", "User is not registered with a password"),
        ("ResetPasswordRedirectAtStart", "user@example.com",
         "Error during reset password flow in: The user must reset the password through the browser."),
    ])
    func startErrors(scenario: String, username: String, text: String) async throws {
        let fixture = try ReplayFixture(scenario)
        let vc = ResetPasswordViewController(nativeAuth: fixture.app)
        vc.resetPassword(email: username)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == text)
        try fixture.transport.assertAllUsed()
    }

    @Test("An empty username is 'Invalid username', found locally")
    func invalidUsername() async throws {
        let fixture = try ReplayFixture("ResetPasswordUserNotFound")
        let vc = ResetPasswordViewController(nativeAuth: fixture.app)
        vc.resetPassword(email: "")
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Invalid username")
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test("Sign in after password reset: onResetPasswordCompleted signs in, then the credentials delegate shows the access token")
    func signInAfterReset() async throws {
        let fixture = try ReplayFixture("SignInAfterResetPassword")
        let vc = SignInAfterResetPasswordViewController(nativeAuth: fixture.app)
        let state = try await codeState(fixture)
        guard case .passwordRequired(let newState) = await state.submitCode(code: "12345678") else {
            Issue.record("expected the password step"); return
        }
        vc.passwordFormSubmitted(newState: newState, newPassword: "Fake-Passw0rd!")
        try await waitUntil { vc.resultTextView.text?.hasPrefix("Signed in.") == true }
        #expect(vc.resultTextView.text == "Signed in. Access Token: fake-access-token-1")
        #expect(fixture.app.getNativeAuthUserAccount()?.account.username == email)
        try fixture.transport.assertAllUsed()
    }
}
