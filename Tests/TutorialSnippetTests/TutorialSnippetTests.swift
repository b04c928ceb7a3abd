import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Czech tutorial snippets against the recordings")
@MainActor
struct TutorialSnippetTests {
    private let email = "user@example.com"

    @Test("OTP: signInPressed shows 'Verification code sent to …'")
    func otpCodeSent() async throws {
        let fixture = try ReplayFixture("OTPSuccess")
        let vc = OTPViewController(nativeAuth: fixture.app, email: email)
        vc.signInPressed(vc)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Verification code sent to u***r@e*****e.com")
        // The tutorial's start delegate does not keep the state, so the code step is never reached.
        #expect(fixture.transport.mismatches.isEmpty)
        #expect(fixture.transport.unusedSteps == ["03-token.json"])
    }

    @Test("OTP: submitting the code signs in and shows 'Signed in. Access Token: …'")
    func otpSignedInWithAccessToken() async throws {
        let fixture = try ReplayFixture("OTPSuccess")
        let vc = OTPViewController(nativeAuth: fixture.app, email: email)
        let start = await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: email))
        guard case .codeRequired(let newState, _, _, _) = start else {
            Issue.record("expected a code to be required, got \(start)")
            return
        }
        vc.codeFormSubmitted(newState: newState, userSuppliedCode: "12345678")
        try await waitUntil { vc.resultTextView.text?.hasPrefix("Signed in. Access Token") == true }
        #expect(vc.resultTextView.text == "Signed in. Access Token: fake-access-token-1")
        try fixture.transport.assertAllUsed()
    }

    @Test("Password: signs in without a text, then the credentials delegate shows the access token")
    func passwordSignIn() async throws {
        let fixture = try ReplayFixture("PasswordSuccess", challengeTypes: [.OOB, .password])
        let vc = PasswordViewController(nativeAuth: fixture.app)
        vc.signInWithPassword(email: email, password: "Fake-Passw0rd!")
        try await waitUntil { fixture.app.getNativeAuthUserAccount() != nil || vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == nil)
        let account = try #require(fixture.app.getNativeAuthUserAccount())
        #expect(account.account.accountClaims?["preferred_username"] as? String == email)

        account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(), delegate: vc)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Signed in. Access Token: fake-access-token-1")
        try fixture.transport.assertAllUsed()
    }

    @Test("Error handling: an unknown user shows 'Invalid username'")
    func userNotFound() async throws {
        let fixture = try ReplayFixture("UserNotFound")
        let vc = SignOutViewController(nativeAuth: fixture.app, email: "nobody@example.com")
        vc.signInPressed(vc)
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Invalid username")
        try fixture.transport.assertAllUsed()
    }

    @Test("Error handling and sign-out: a wrong code is retried with retrieveNewCode(), then 'Signed out'")
    func wrongCodeThenSignOut() async throws {
        let fixture = try ReplayFixture("WrongCodeThenSuccess")
        let vc = SignOutViewController(nativeAuth: fixture.app, email: email)
        vc.viewDidLoad()
        #expect(vc.accountResult == nil)
        let start = await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: email))
        guard case .codeRequired(let newState, _, _, _) = start else {
            Issue.record("expected a code to be required, got \(start)")
            return
        }
        vc.codeFormSubmitted(newState: newState, userSuppliedCode: "00000000")
        try await waitUntil { vc.resultTextView.text != nil }
        #expect(vc.resultTextView.text == "Signed in successfully")
        #expect(vc.accountResult?.account.username == email)
        try fixture.transport.assertAllUsed()

        vc.signOutPressed(vc)
        #expect(vc.resultTextView.text == "Signed out")
        #expect(vc.accountResult == nil)
        #expect(fixture.app.getNativeAuthUserAccount() == nil)
        #expect(try fixture.store.read().accounts.isEmpty)
    }

    @Test("Sign-out: viewDidLoad picks up the stored account of a password sign-in, and signOutPressed removes it")
    func passwordSignInThenSignOut() async throws {
        let fixture = try ReplayFixture("PasswordSuccess", challengeTypes: [.OOB, .password])
        let signIn = PasswordViewController(nativeAuth: fixture.app)
        signIn.signInWithPassword(email: email, password: "Fake-Passw0rd!")
        try await waitUntil { fixture.app.getNativeAuthUserAccount() != nil || signIn.resultTextView.text != nil }
        try fixture.transport.assertAllUsed()

        let vc = SignOutViewController(nativeAuth: fixture.app, email: email)
        vc.viewDidLoad()
        #expect(vc.accountResult != nil)
        vc.signOutPressed(vc)
        #expect(vc.resultTextView.text == "Signed out")
        #expect(fixture.app.getNativeAuthUserAccount() == nil)

        let later = SignOutViewController(nativeAuth: fixture.app, email: email)
        later.viewDidLoad()
        #expect(later.accountResult == nil)
    }
}
