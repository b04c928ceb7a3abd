import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// The code of MSAL's "Tutorial: Add sign-up in an iOS/macOS app using native authentication" and
/// "Tutorial: Sign in user automatically after sign-up" (Microsoft Learn; source in
/// MicrosoftDocs/entra-docs, docs/identity-platform/tutorial-native-authentication-ios-macos-sign-up.md
/// and …-sign-in-user-after-sign-up.md), the MSAL prefix removed, run against the recordings.
@Suite("Sign-up tutorial snippets against the recordings")
@MainActor
struct SignUpTutorialSnippetTests {
    private let email = "user@example.com"

    private func codeState(_ fixture: ReplayFixture, _ parameters: NativeAuthSignUpParameters) async throws -> SignUpCodeRequiredState {
        let start = await fixture.app.signUp(parameters: parameters)
        guard case .codeRequired(let newState, _, _, _) = start else { throw UnexpectedResult(description: "expected a code, got \(start)") }
        return newState
    }

    @Test("Email code: signUpPressed shows 'Verification code sent to …'; the code then signs up")
    func otpSignUp() async throws {
        let fixture = try ReplayFixture("SignUpOTP")
        let vc = SignUpViewController(nativeAuth: fixture.app, email: email)
        vc.signUpPressed(vc)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Verification code sent to u***r@e*****e.com")
        #expect(fixture.transport.mismatches.isEmpty)
        #expect(fixture.transport.unusedSteps == ["03-continue.json"], "the tutorial's start delegate does not keep the state")

        let again = try ReplayFixture("SignUpOTP")
        let code = SignUpViewController(nativeAuth: again.app, email: email)
        code.codeFormSubmitted(newState: try await codeState(again, NativeAuthSignUpParameters(username: email)), userSuppliedCode: "12345678")
        try await waitUntil { code.resultTextView.text != nil }
        #expect(code.resultTextView.text == "Signed up successfully!")
        try again.transport.assertAllUsed()
    }

    @Test("Email + password with the attributes dictionary: a code is sent")
    func passwordWithAttributes() async throws {
        let fixture = try ReplayFixture("SignUpPassword", challengeTypes: [.OOB, .password])
        let vc = SignUpAttributesViewController(nativeAuth: fixture.app, email: email, password: "Fake-Passw0rd!")
        vc.signUpWithAttributes(email: email, password: "Fake-Passw0rd!")
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Verification code sent to u***r@e*****e.com")
        #expect(fixture.transport.mismatches.isEmpty)
        #expect(fixture.transport.unusedSteps == ["03-continue.json"])
    }

    @Test("Attributes the server refuses at the start reach onSignUpAttributesInvalid")
    func attributesInvalid() async throws {
        let fixture = try ReplayFixture("SignUpAttributeValidationFailed", challengeTypes: [.OOB, .password])
        let vc = SignUpAttributesViewController(nativeAuth: fixture.app, email: email, password: "Fake-Passw0rd!")
        vc.signUpWithAttributes(email: email, password: "Fake-Passw0rd!")
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Invalid attributes  [\"country\"]")
        try fixture.transport.assertAllUsed()
    }

    @Test("Attributes on a later page: the code leads to 'Attributes required', the submitted attributes sign up")
    func attributesOnALaterPage() async throws {
        let fixture = try ReplayFixture("SignUpAttributesOnALaterPage")
        let vc = SignUpAttributesViewController(nativeAuth: fixture.app, email: email, password: nil)
        vc.codeFormSubmitted(newState: try await codeState(fixture, NativeAuthSignUpParameters(username: email)), userSuppliedCode: "12345678")
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Attributes required")
        #expect(fixture.transport.unusedSteps == ["04-continue.json"])

        let again = try ReplayFixture("SignUpAttributesOnALaterPage")
        let page = SignUpAttributesViewController(nativeAuth: again.app, email: email, password: nil)
        let state = try await codeState(again, NativeAuthSignUpParameters(username: email))
        guard case .attributesRequired(_, let newState) = await state.submitCode(code: "12345678") else {
            Issue.record("expected attributes to be required"); return
        }
        page.attributesFormSubmitted(newState: newState)
        try await waitUntil { page.resultTextView.text != nil }
        #expect(page.resultTextView.text == "Signed up successfully!")
        try again.transport.assertAllUsed()
    }

    @Test("Handling sign-up errors", arguments: [
        ("SignUpUserAlreadyExists", "user@example.com", nil, "Unable to sign up: User already exists"),
        ("SignUpPasswordTooWeak", "user@example.com", "fake", "Unable to sign up: The password is invalid"),
        ("SignUpInvalidUsername", "not-an-email", nil, "Unable to sign up: The username is invalid"),
    ])
    func errors(scenario: String, username: String, password: String?, text: String) async throws {
        let fixture = try ReplayFixture(scenario, challengeTypes: password == nil ? [.OOB] : [.OOB, .password])
        let vc = SignUpErrorsViewController(nativeAuth: fixture.app)
        vc.signUp(email: username, password: password)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == text)
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign in after sign-up: onSignUpCompleted signs in, then the credentials delegate shows the access token")
    func signInAfterSignUp() async throws {
        let fixture = try ReplayFixture("SignInAfterSignUp")
        let vc = SignInAfterSignUpViewController(nativeAuth: fixture.app)
        vc.codeFormSubmitted(newState: try await codeState(fixture, NativeAuthSignUpParameters(username: email)), userSuppliedCode: "12345678")
        try await waitUntil { vc.resultTextView.text?.hasPrefix("Signed in.") == true }
        #expect(vc.resultTextView.text == "Signed in. Access Token: fake-access-token-1")
        #expect(fixture.app.getNativeAuthUserAccount()?.account.username == email)
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign in after a sign-up that ended without a token reaches onSignInAfterSignUpError")
    func signInAfterSignUpWithoutToken() async throws {
        let fixture = try ReplayFixture("SignInAfterSignUpNoToken")
        let vc = SignInAfterSignUpViewController(nativeAuth: fixture.app)
        vc.codeFormSubmitted(newState: try await codeState(fixture, NativeAuthSignUpParameters(username: email)), userSuppliedCode: "12345678")
        try await waitUntil { vc.resultTextView.text == "Error signing in after sign up" }
        try fixture.transport.assertAllUsed()
    }
}

/// A step answered otherwise than the recording says it should.
struct UnexpectedResult: Error, CustomStringConvertible {
    let description: String
}
