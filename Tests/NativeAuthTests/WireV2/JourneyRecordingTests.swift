import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// The V2 journeys of issue 33 replayed against the library, with the app's code as for V1: only
/// the configuration's `api` differs (the fixture sets it for a `V2/…` scenario).
@Suite("Recordings: V2 journeys")
struct JourneyRecordingTests {
    private func fixture(_ scenario: String, challengeTypes: NativeAuthChallengeTypes = [.OOB],
                         capabilities: NativeAuthCapabilities = []) throws -> ReplayFixture {
        try ReplayFixture("V2/" + scenario, challengeTypes: challengeTypes, capabilities: capabilities)
    }

    /// The sent requests' paths after the authority, with their methods.
    private func sent(_ fixture: ReplayFixture) -> [String] {
        fixture.transport.requests.map { "\($0.method) \($0.url.absoluteString.replacingOccurrences(of: ReplayFixture.authority.absoluteString, with: ""))" }
    }

    @Test("Sign-in by code: the entry, the sign_in link, the method's challenge, verify, then the resume and the code's exchange")
    func code() async throws {
        let fixture = try fixture("OTPSuccess")
        let sent = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        #expect(sent.sentTo == Recorded.sentTo && sent.codeLength == 8 && sent.channel.isEmailType)
        let result = try #require(await sent.state.submitCode(code: Recorded.code).completed)
        #expect(result.account.username == Recorded.username)
        #expect(result.account.identifier == Recorded.accountIdentifier)
        #expect(try fixture.store.read().accounts.count == 1)
        #expect(self.sent(fixture) == [
            "POST /oauth2/v2.0/authorize-challenge", "POST /api/v2.0/signin", "POST /api/v2.0/methods/email/em1/challenge",
            "POST /api/v2.0/methods/email/em1/verify", "POST /oauth2/v2.0/authorize-challenge", "POST /oauth2/v2.0/token",
        ])
        #expect(sent.state.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign-in by password given to the start: the password method is chosen and verified at once")
    func password() async throws {
        let fixture = try fixture("PasswordSuccess", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        #expect(try #require(await fixture.app.signIn(parameters: parameters).completed).account.username == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("A password account and an app without .password: browser required, no challenge sent")
    func passwordMethodTheAppCannotDo() async throws {
        let fixture = try fixture("PasswordSuccess", challengeTypes: [.OOB])
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.isBrowserRequired)
        #expect(error.browserFallback?.loginHint == Recorded.username)
        #expect(fixture.transport.requests.count == 2)
    }

    @Test("A wrong code hands the same state back (same token); the right code signs in")
    func wrongCodeThenRight() async throws {
        let fixture = try fixture("WrongCodeThenSuccess")
        let sent = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        let wrong = try #require(await sent.state.submitCode(code: Recorded.wrongCode).error)
        #expect(wrong.error.isInvalidCode)
        #expect(wrong.error.serverError == "invalidGrant" && wrong.error.serverSubError == "invalid_oob_value")
        #expect(wrong.error.errorCodes == [50181], "AADSTS numbers come from the nested error's message")
        #expect(wrong.error.httpStatus == 400)
        let retry = try #require(wrong.newState)
        #expect(retry === sent.state)
        _ = try #require(await retry.submitCode(code: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("Resend: the resend link sends a new code (continuation_token in snake_case is read too); the new state signs in")
    func resend() async throws {
        let fixture = try fixture("ResendCode")
        let sent = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        let again = try #require(await sent.state.resendCode().codeRequired)
        #expect(again.sentTo == Recorded.sentTo)
        #expect(await sent.state.submitCode(code: Recorded.code).error?.error.isStateAlreadyUsed == true)
        _ = try #require(await again.state.submitCode(code: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("MFA by email: after the password, the second factors are listed; the chosen one's code signs in")
    func mfaEmail() async throws {
        let fixture = try fixture("MFAEmail", challengeTypes: [.OOB, .password], capabilities: [.mfaRequired])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let list = try #require(await fixture.app.signIn(parameters: parameters).awaitingMFA)
        #expect(list.methods == [
            AuthMethod(id: "mfa-em1", challengeType: "oob", channelTargetType: NativeAuthChannelType(value: "email"), loginHint: Recorded.sentTo),
            AuthMethod(id: "mfa-sms1", challengeType: "oob", channelTargetType: NativeAuthChannelType(value: "sms"), loginHint: "+1 *** *** **06"),
        ])
        let unknown = AuthMethod(id: "nope", challengeType: "oob", channelTargetType: NativeAuthChannelType(value: "email"), loginHint: nil)
        let refused = try #require(await list.state.requestChallenge(authMethod: unknown).error)
        #expect(refused.newState != nil, "a method the list does not have is refused locally, and the sign-in goes on")
        #expect(fixture.transport.requests.count == 4)
        let sent = try #require(await refused.newState?.requestChallenge(authMethod: list.methods[0]).sent)
        #expect(sent.sentTo == Recorded.sentTo && sent.codeLength == 8)
        #expect(try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed).account.username == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("MFA by SMS: the risk step before the code is followed by itself; the app sees the code state")
    func mfaSMSRiskStep() async throws {
        let fixture = try fixture("MFASMSRiskStep", challengeTypes: [.OOB, .password], capabilities: [.mfaRequired])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let list = try #require(await fixture.app.signIn(parameters: parameters).awaitingMFA)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[1]).sent)
        #expect(sent.channel.isSMSType && sent.sentTo == "+1 *** *** **06")
        #expect(fixture.transport.requests.last?.url.path.hasSuffix("/riskverify") == true)
        _ = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("MFA to an app without .mfaRequired: browser required, as in V1")
    func mfaWithoutTheCapability() async throws {
        let fixture = try fixture("MFAEmail", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let error = try #require(await fixture.app.signIn(parameters: parameters).error)
        #expect(error.isBrowserRequired)
        #expect(fixture.transport.requests.count == 4)
    }

    @Test("Registration: the method's enroll link takes the contact, activate takes the code (as code), then the sign-in")
    func registration() async throws {
        let fixture = try fixture("RegistrationEmail", challengeTypes: [.OOB, .password], capabilities: [.registrationRequired])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let list = try #require(await fixture.app.signIn(parameters: parameters).registration)
        #expect(list.methods.map(\.id) == ["email"])
        let sent = try #require(await list.state.challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters(
            authMethod: list.methods[0], verificationContact: Recorded.username)).sent)
        #expect(sent.sentTo == Recorded.sentTo && sent.codeLength == 8)
        _ = try #require(await sent.newState.submitChallenge(challenge: Recorded.code).completed)
        let bodies = fixture.transport.requests.compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: String] }
        #expect(bodies.contains { $0["target"] == Recorded.username })
        #expect(bodies.contains { $0["code"] == Recorded.code && $0["otp"] == nil })
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign-up over two pages: both filled from the start's values and sent at once; the code then finishes it")
    func signUpOverTwoPages() async throws {
        let fixture = try fixture("SignUpAttributesOverTwoPages")
        let parameters = NativeAuthSignUpParameters(username: Recorded.username)
        parameters.password = Recorded.password
        parameters.attributes = ["displayName": "Carol", "city": "Dublin"]
        let sent = try #require(await fixture.app.signUp(parameters: parameters).codeRequired)
        #expect(fixture.transport.requests.count == 4)
        let done = try #require(await sent.state.submitCode(code: Recorded.code).completed)
        let result = try #require(await done.signIn().completed)
        #expect(result.account.username == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign-up asking before the code for a value the start did not give: the start fails, saying what to give")
    func signUpMissingValueBeforeTheCode() async throws {
        let fixture = try fixture("SignUpPasswordTooWeak")
        let error = try #require(await fixture.app.signUp(parameters: NativeAuthSignUpParameters(username: Recorded.username)).error)
        #expect(error.isInvalidPassword)
        #expect(error.errorDescription?.contains("password") == true)
        #expect(fixture.transport.requests.count == 2, "nothing is sent for the page")
    }

    @Test("Password reset with two polls: the PUT, polls at once then every 2 s, the sign-in after it")
    func resetWithTwoPolls() async throws {
        let fixture = try ReplayFixture("V2/SignInAfterResetPassword")
        let sent = try #require(await fixture.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: Recorded.username)).codeRequired)
        let password = try #require(await sent.state.submitCode(code: Recorded.code).passwordRequired)
        let done = try #require(await password.submitPassword(password: Recorded.password).completed)
        #expect(fixture.transport.requests.filter { $0.method == "PUT" }.count == 1)
        _ = try #require(await done.signIn().completed)
        try fixture.transport.assertAllUsed()

        let polls = try ReplayFixture("V2/ResetPasswordSuccess")
        let code = try #require(await polls.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: Recorded.username)).codeRequired)
        let newPassword = try #require(await code.state.submitCode(code: Recorded.code).passwordRequired)
        _ = try #require(await newPassword.submitPassword(password: Recorded.password).completed)
        #expect(polls.clock.sleeps == [.seconds(2), .seconds(2)])
        try polls.transport.assertAllUsed()
    }

    @Test("Web fallback: state webFallbackRequired is browser required, with what the browser needs")
    func webFallback() async throws {
        let fixture = try fixture("WebFallbackAtSignIn")
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.isBrowserRequired)
        #expect(error.browserFallback?.loginHint == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("A continuation token the server no longer takes ends the flow with a general error, no state")
    func tokenRefused() async throws {
        let fixture = try fixture("ExpiredContinuationToken")
        let sent = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        let refused = try #require(await sent.state.submitCode(code: Recorded.code).error)
        #expect(refused.error.code == .general)
        #expect(refused.newState == nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("An unknown action and a missing link are clear errors, not crashes; nothing more is sent")
    func answersThatDoNotLeadOn() async throws {
        let unknown = try fixture("UnknownAction")
        let error = try #require(await unknown.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.code == .general && error.errorDescription?.contains("'dance'") == true)
        try unknown.transport.assertAllUsed()

        let missing = try fixture("MissingVerifyLink")
        let failure = try #require(await missing.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(failure.errorDescription?.contains("'verify' link") == true)
        try missing.transport.assertAllUsed()
    }
}
