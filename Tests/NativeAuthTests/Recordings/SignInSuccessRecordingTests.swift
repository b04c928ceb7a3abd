import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: successful sign-ins")
struct SignInSuccessRecordingTests {
    @Test("OTP: initiate → challenge → oob grant signs in and stores the tokens")
    func otpSuccess() async throws {
        let fixture = try ReplayFixture("OTPSuccess")
        let start = await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username))
        let code = try #require(start.codeRequired)
        #expect(code.sentTo == Recorded.sentTo)
        #expect(code.codeLength == 8)
        #expect(code.channel.isEmailType)

        let result = try #require(await code.state.submitCode(code: Recorded.code).completed)
        try expectSignedIn(result, fixture: fixture)
        #expect(code.state.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("Password given at start: initiate → password challenge → password grant, no second prompt")
    func passwordAtStart() async throws {
        let fixture = try ReplayFixture("PasswordSuccess", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let result = try #require(await fixture.app.signIn(parameters: parameters).completed)
        try expectSignedIn(result, fixture: fixture)
        try fixture.transport.assertAllUsed()
    }

    /// MSAL's `test_signInWithOTPSufficientChallengeResultsInSuccess` (issue 35, item 14): a password
    /// given at the start of a sign-in whose account signs in by email code is not sent; the server's
    /// code is asked for, and the code signs in.
    @Test("Password given, but the account signs in by code: code required, then the code signs in")
    func passwordGivenButTheCodeIsWhatTheAccountUses() async throws {
        let fixture = try ReplayFixture("PasswordGivenCodeSufficient", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let code = try #require(await fixture.app.signIn(parameters: parameters).codeRequired)
        #expect(code.sentTo == Recorded.sentTo && code.codeLength == 8 && code.channel.isEmailType)
        let result = try #require(await code.state.submitCode(code: Recorded.code).completed)
        try expectSignedIn(result, fixture: fixture)
        try fixture.transport.assertAllUsed()
    }

    @Test("Password required, then submitPassword (with an API scope before the OIDC scopes)")
    func passwordRequired() async throws {
        let fixture = try ReplayFixture("PasswordRequired", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.scopes = [Recorded.apiScope]
        let state = try #require(await fixture.app.signIn(parameters: parameters).passwordRequired)
        let result = try #require(await state.submitPassword(password: Recorded.password).completed)
        try expectSignedIn(result, fixture: fixture)
        let stored = try #require(try fixture.store.read().storedAccounts.first)
        #expect(stored.accessTokens.first?.scopes.first == Recorded.apiScope)
        try fixture.transport.assertAllUsed()
    }

    @Test("A wrong code returns the same state; the right code then signs in")
    func wrongCodeThenSuccess() async throws {
        let fixture = try ReplayFixture("WrongCodeThenSuccess")
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)

        let failure = try #require(await state.submitCode(code: Recorded.wrongCode).error)
        #expect(failure.error.isInvalidCode)
        #expect(!failure.error.isBrowserRequired)
        #expect(failure.error.errorCodes == [50181])
        let retry = try #require(failure.newState)
        #expect(retry === state)
        #expect(try fixture.store.read().accounts.isEmpty)

        let result = try #require(await retry.submitCode(code: Recorded.code).completed)
        try expectSignedIn(result, fixture: fixture)
        try fixture.transport.assertAllUsed()
    }

    @Test("Resend calls /challenge again, yields a new state, and the old state is used up")
    func resendThenSuccess() async throws {
        let fixture = try ReplayFixture("ResendThenSuccess")
        let first = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)

        let resent = try #require(await first.resendCode().codeRequired)
        #expect(resent.state !== first)
        #expect(resent.sentTo == Recorded.sentTo)
        #expect(resent.codeLength == 8)
        #expect(resent.channel.isEmailType)

        let stale = try #require(await first.submitCode(code: Recorded.code).error)
        #expect(stale.error.isStateAlreadyUsed)
        #expect(stale.newState == nil)

        let result = try #require(await resent.state.submitCode(code: Recorded.code).completed)
        try expectSignedIn(result, fixture: fixture)
        try fixture.transport.assertAllUsed()
    }

    private func expectSignedIn(_ result: NativeAuthUserAccountResult, fixture: ReplayFixture) throws {
        #expect(result.account.username == Recorded.username)
        #expect(result.account.identifier == Recorded.accountIdentifier)
        #expect(result.account.accountClaims?["preferred_username"] as? String == Recorded.username)
        #expect(result.account.accountClaims?["name"] as? String == "Fake User")
        #expect(result.idToken?.split(separator: ".").count == 3)
        let stored = try #require(try fixture.store.read().storedAccounts.first)
        #expect(stored.accessTokens.map(\.token) == [Recorded.accessToken])
        #expect(stored.refreshToken == Recorded.refreshToken)
        #expect(stored.idToken == result.idToken)
        #expect(fixture.app.getNativeAuthUserAccount()?.account.identifier == Recorded.accountIdentifier)
    }
}
