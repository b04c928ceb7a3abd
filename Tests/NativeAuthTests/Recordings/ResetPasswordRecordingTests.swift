import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: password reset")
struct ResetPasswordRecordingTests {
    private var user: NativeAuthResetPasswordParameters { NativeAuthResetPasswordParameters(username: Recorded.username) }

    /// Start and challenge: the code state.
    private func codeState(_ fixture: ReplayFixture) async throws -> ResetPasswordCodeRequiredState {
        let code = try #require(await fixture.app.resetPassword(parameters: user).codeRequired)
        #expect(code.sentTo == Recorded.sentTo)
        #expect(code.codeLength == 8)
        #expect(code.channel.isEmailType)
        return code.state
    }

    /// Start, challenge and the right code: the password state.
    private func passwordState(_ fixture: ReplayFixture) async throws -> ResetPasswordRequiredState {
        try #require(await codeState(fixture).submitCode(code: Recorded.code).passwordRequired)
    }

    @Test("Success: the first poll at once, then two in_progress polls each after poll_interval (2 s) on the clock")
    func success() async throws {
        let fixture = try ReplayFixture("ResetPasswordSuccess")
        let state = try await passwordState(fixture)
        let reset = try #require(await state.submitPassword(password: Recorded.password).completed)
        #expect(fixture.clock.sleeps == [.seconds(2), .seconds(2)])
        #expect(reset.correlationId == fixture.flowId)
        #expect(try fixture.store.read().accounts.isEmpty, "resetting a password is not signing in")
        try fixture.transport.assertAllUsed()

        let again = try #require(await state.submitPassword(password: Recorded.password).error)
        #expect(again.error.isStateAlreadyUsed)
        #expect(fixture.transport.requests.count == 7, "nothing sent on a used state")
    }

    @Test("A failed poll with a continuation token hands back a password state on it; the resubmission completes")
    func pollFailed() async throws {
        let fixture = try ReplayFixture("ResetPasswordPollFailed")
        let state = try await passwordState(fixture)
        let failed = try #require(await state.submitPassword(password: Recorded.password).error)
        #expect(!failed.error.isInvalidPassword && !failed.error.isServerUnavailable)
        #expect(failed.error.errorDescription?.contains("'failed'") == true)
        #expect(failed.error.errorDescription?.contains("Submit the new password again") == true)
        let next = try #require(failed.newState)
        #expect(next !== state)
        #expect(await next.submitPassword(password: Recorded.password).completed != nil)
        #expect(fixture.clock.sleeps.isEmpty, "no wait: each first poll comes at once")
        try fixture.transport.assertAllUsed()
    }

    @Test("A policy refusal at the submit (password_too_weak, 399246) hands the same state back")
    func policyAtSubmit() async throws {
        let fixture = try ReplayFixture("ResetPasswordPolicyAtSubmit")
        let state = try await passwordState(fixture)
        let refused = try #require(await state.submitPassword(password: Recorded.refusedPassword).error)
        #expect(refused.error.isInvalidPassword)
        #expect(refused.error.serverSubError == "password_too_weak")
        #expect(refused.error.errorCodes == [399246])
        #expect(refused.error.errorDescription?.hasPrefix("AADSTS399246: New password is too weak.") == true)
        #expect(refused.newState === state)
        #expect(await state.submitPassword(password: Recorded.password).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("A policy refusal while polling (password_recently_used) hands back a state on the submit's token, as MSAL")
    func policyAtPoll() async throws {
        let fixture = try ReplayFixture("ResetPasswordPolicyAtPoll")
        let state = try await passwordState(fixture)
        let refused = try #require(await state.submitPassword(password: Recorded.wrongPassword).error)
        #expect(refused.error.isInvalidPassword)
        #expect(refused.error.serverSubError == "password_recently_used")
        #expect(refused.error.errorCodes.isEmpty)
        let next = try #require(refused.newState)
        #expect(next !== state)
        #expect(await next.submitPassword(password: Recorded.password).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("user_not_found (50034) at the start")
    func userNotFound() async throws {
        let fixture = try ReplayFixture("ResetPasswordUserNotFound")
        let error = try #require(await fixture.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "nobody@example.com")).error)
        #expect(error.isUserNotFound)
        #expect(!error.isUserDoesNotHavePassword && !error.isInvalidUsername && !error.isBrowserRequired)
        #expect(error.errorCodes == [50034])
        #expect(error.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("An account without a password: invalid_request 500222 is isUserDoesNotHavePassword")
    func userWithoutPassword() async throws {
        let fixture = try ReplayFixture("ResetPasswordUserWithoutPassword")
        let error = try #require(await fixture.app.resetPassword(parameters: user).error)
        #expect(error.isUserDoesNotHavePassword)
        #expect(!error.isUserNotFound && !error.isBrowserRequired)
        #expect(error.serverError == "invalid_request")
        #expect(error.errorDescription?.hasPrefix("AADSTS500222: The tenant or user does not support native credential recovery.") == true)
        try fixture.transport.assertAllUsed()
    }

    @Test("The redirect at the start is isBrowserRequired, with the redirect_reason as the description")
    func redirectAtStart() async throws {
        let fixture = try ReplayFixture("ResetPasswordRedirectAtStart")
        let error = try #require(await fixture.app.resetPassword(parameters: user).error)
        #expect(error.isBrowserRequired)
        #expect(!error.isUserDoesNotHavePassword)
        #expect(error.errorDescription == "The user must reset the password through the browser.")
        try fixture.transport.assertAllUsed()
    }

    @Test("A wrong code (invalid_oob_value) hands the same state back; the right one asks for the password, which completes")
    func wrongCodeThenSuccess() async throws {
        let fixture = try ReplayFixture("ResetPasswordWrongCodeThenSuccess")
        let state = try await codeState(fixture)
        let wrong = try #require(await state.submitCode(code: Recorded.wrongCode).error)
        #expect(wrong.error.isInvalidCode)
        #expect(wrong.error.errorCodes == [50181])
        #expect(wrong.newState === state)
        let password = try #require(await state.submitCode(code: Recorded.code).passwordRequired)
        #expect(await password.submitPassword(password: Recorded.password).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Resend calls /resetpassword/v1.0/challenge again with the current token; the old state is used up")
    func resend() async throws {
        let fixture = try ReplayFixture("ResetPasswordResend")
        let first = try await codeState(fixture)
        let resent = try #require(await first.resendCode().codeRequired)
        #expect(resent.state !== first)
        #expect(resent.sentTo == Recorded.sentTo)
        let stale = try #require(await first.submitCode(code: Recorded.code).error)
        #expect(stale.error.isStateAlreadyUsed)
        #expect(stale.newState == nil)
        #expect(await resent.state.submitCode(code: Recorded.code).passwordRequired != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("expired_token (552003) at the submit ends the flow")
    func expiredToken() async throws {
        let fixture = try ReplayFixture("ResetPasswordExpiredToken")
        let state = try await passwordState(fixture)
        let expired = try #require(await state.submitPassword(password: Recorded.password).error)
        #expect(expired.error.serverError == "expired_token")
        #expect(expired.error.errorCodes == [552003])
        #expect(!expired.error.isInvalidPassword)
        #expect(expired.newState == nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign-in after the reset: the continuation_token grant with the poll's token and username stores the account, once")
    func signInAfterReset() async throws {
        let fixture = try ReplayFixture("SignInAfterResetPassword")
        let state = try await passwordState(fixture)
        let reset = try #require(await state.submitPassword(password: Recorded.password).completed)
        let result = try #require(await reset.signIn().completed)
        #expect(result.account.username == Recorded.username)
        #expect(result.account.identifier == Recorded.accountIdentifier)
        let stored = try #require(try fixture.store.read().storedAccounts.first)
        #expect(stored.accessTokens.map(\.token) == [Recorded.accessToken])
        #expect(stored.refreshToken == Recorded.refreshToken)
        try fixture.transport.assertAllUsed()

        let again = try #require(await reset.signIn().error)
        #expect(again.error.isStateAlreadyUsed)
        #expect(again.newState == nil)
    }
}
