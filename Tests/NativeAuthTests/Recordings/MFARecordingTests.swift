import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: MFA")
struct MFARecordingTests {
    static let both: NativeAuthCapabilities = [.mfaRequired, .registrationRequired]

    /// A password sign-in that the server answers `mfa_required`: the methods and the state.
    private func awaiting(_ fixture: ReplayFixture) async throws -> StrongAuthList<AwaitingMFAState> {
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let list = try #require(await fixture.app.signIn(parameters: parameters).awaitingMFA)
        #expect(list.methods == [
            AuthMethod(id: "0a0a0a0a-1111-bbbb-2222-3c3c3c3c3c3c", challengeType: "oob",
                       channelTargetType: NativeAuthChannelType(value: "email"), loginHint: "u***r@e*****e.com"),
            AuthMethod(id: "1b1b1b1b-2222-cccc-3333-4d4d4d4d4d4d", challengeType: "oob",
                       channelTargetType: NativeAuthChannelType(value: "sms"), loginHint: "+1********6"),
        ])
        #expect(list.state.correlationId == fixture.flowId)
        #expect(try fixture.store.read().accounts.isEmpty)
        return list
    }

    private func fixture(_ scenario: String) throws -> ReplayFixture {
        try ReplayFixture(scenario, challengeTypes: [.OOB, .password], capabilities: Self.both)
    }

    @Test("Email second factor: introspect, challenge with the method's id, the mfa_oob grant; the account is stored")
    func email() async throws {
        let fixture = try fixture("MFAEmailSecondFactor")
        let list = try await awaiting(fixture)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        #expect(sent.sentTo == Recorded.sentTo)
        #expect(sent.channel.isEmailType)
        #expect(sent.codeLength == 8)
        let result = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        #expect(result.account.username == Recorded.username)
        #expect(result.account.identifier == Recorded.accountIdentifier)
        #expect(try fixture.store.read().accounts.count == 1)
        try fixture.transport.assertAllUsed()
    }

    @Test("SMS second factor: the code goes to the masked number")
    func sms() async throws {
        let fixture = try fixture("MFASMSSecondFactor")
        let list = try await awaiting(fixture)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[1]).sent)
        #expect(sent.sentTo == "+1********6")
        #expect(sent.channel.isSMSType)
        _ = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("A wrong code hands the same state back; the right one signs in; an empty one sends nothing")
    func wrongCodeThenRight() async throws {
        let fixture = try fixture("MFAWrongCodeThenSuccess")
        let list = try await awaiting(fixture)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let empty = try #require(await sent.state.submitChallenge(challenge: "  ").error)
        #expect(empty.error.isInvalidChallenge)
        #expect(empty.newState === sent.state)
        let wrong = try #require(await sent.state.submitChallenge(challenge: Recorded.wrongCode).error)
        #expect(wrong.error.isInvalidChallenge)
        #expect(wrong.error.serverSubError == "invalid_oob_value")
        #expect(wrong.newState === sent.state)
        _ = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("Resend: the same method again with the latest token; the old state is used up")
    func resend() async throws {
        let fixture = try fixture("MFAResend")
        let list = try await awaiting(fixture)
        let first = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let again = try #require(await first.state.requestChallenge(authMethod: list.methods[0]).sent)
        #expect(again.state !== first.state)
        #expect(try #require(await first.state.submitChallenge(challenge: Recorded.code).error).error.isStateAlreadyUsed)
        _ = try #require(await again.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("Switch method: SMS after email, then its code")
    func switchMethod() async throws {
        let fixture = try fixture("MFASwitchMethod")
        let list = try await awaiting(fixture)
        let email = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let sms = try #require(await email.state.requestChallenge(authMethod: list.methods[1]).sent)
        #expect(sms.channel.isSMSType)
        _ = try #require(await sms.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("Without the capability the server redirects: browser required with its reason, and no capabilities are sent")
    func missingCapability() async throws {
        let fixture = try ReplayFixture("MFAMissingCapability", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let error = try #require(await fixture.app.signIn(parameters: parameters).error)
        #expect(error.isBrowserRequired)
        #expect(error.errorDescription == "Client is missing mfa_required capability")
        try fixture.transport.assertAllUsed()
    }

    @Test("Expired token at introspect: the sign-in ends (the password's token was used)")
    func expiredAtIntrospect() async throws {
        let fixture = try fixture("MFAExpiredAtIntrospect")
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        let state = try #require(await fixture.app.signIn(parameters: parameters).passwordRequired)
        let failure = try #require(await state.submitPassword(password: Recorded.password).error)
        #expect(failure.error.serverError == "expired_token")
        #expect(failure.newState == nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Expired token at the challenge: no state to go on with")
    func expiredAtChallenge() async throws {
        let fixture = try fixture("MFAExpiredAtChallenge")
        let list = try await awaiting(fixture)
        let failure = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).error)
        #expect(failure.error.serverError == "expired_token")
        #expect(failure.newState == nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Expired token at the mfa_oob grant: not an invalid challenge, no state")
    func expiredAtToken() async throws {
        let fixture = try fixture("MFAExpiredAtToken")
        let list = try await awaiting(fixture)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let failure = try #require(await sent.state.submitChallenge(challenge: Recorded.code).error)
        #expect(failure.error.serverError == "expired_token")
        #expect(!failure.error.isInvalidChallenge)
        #expect(failure.newState == nil)
        #expect(try fixture.store.read().accounts.isEmpty)
        try fixture.transport.assertAllUsed()
    }

    @Test("MFA after sign-up: the sign-in that ends the sign-up asks for the second factor")
    func afterSignUp() async throws {
        let fixture = try fixture("MFAAfterSignUp")
        let code = try #require(await fixture.app.signUp(parameters: NativeAuthSignUpParameters(username: Recorded.username)).codeRequired)
        let created = try #require(await code.state.submitCode(code: Recorded.code).completed)
        let list = try #require(await created.signIn().awaitingMFA)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        _ = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("MFA after a password reset: the sign-in that ends the reset asks for the second factor")
    func afterResetPassword() async throws {
        let fixture = try fixture("MFAAfterResetPassword")
        let code = try #require(await fixture.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: Recorded.username)).codeRequired)
        let password = try #require(await code.state.submitCode(code: Recorded.code).passwordRequired)
        let reset = try #require(await password.submitPassword(password: Recorded.password).completed)
        let list = try #require(await reset.signIn().awaitingMFA)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        _ = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }
}
