import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: strong-auth method registration")
struct RegistrationRecordingTests {
    private func fixture(_ scenario: String) throws -> ReplayFixture {
        try ReplayFixture(scenario, challengeTypes: [.OOB, .password], capabilities: MFARecordingTests.both)
    }

    /// A password sign-in that the server answers `registration_required`: the methods and the state.
    private func registration(_ fixture: ReplayFixture) async throws -> StrongAuthList<RegisterStrongAuthState> {
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let list = try #require(await fixture.app.signIn(parameters: parameters).registration)
        #expect(list.methods.map(\.id) == ["email", "sms"])
        #expect(list.methods[0].loginHint == Recorded.username)
        #expect(list.methods[1].loginHint == nil)
        #expect(list.methods[1].channelTargetType.isSMSType)
        return list
    }

    private func contact(_ method: AuthMethod, _ contact: String) -> NativeAuthChallengeAuthMethodParameters {
        NativeAuthChallengeAuthMethodParameters(authMethod: method, verificationContact: contact)
    }

    @Test("With a code: challenge, continue with the code, then the continuation_token grant without username")
    func withCode() async throws {
        let fixture = try fixture("RegistrationWithCode")
        let list = try await registration(fixture)
        let sent = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[0], Recorded.username)).sent)
        #expect(sent.sentTo == Recorded.username)
        #expect(sent.channelTargetType.isEmailType)
        #expect(sent.codeLength == 8)
        let result = try #require(await sent.newState.submitChallenge(challenge: Recorded.code).completed)
        #expect(result.account.username == Recorded.username)
        #expect(try fixture.store.read().accounts.count == 1)
        try fixture.transport.assertAllUsed()
    }

    @Test("A wrong code hands the same state back; the right one registers and signs in")
    func wrongCodeThenRight() async throws {
        let fixture = try fixture("RegistrationWrongCodeThenSuccess")
        let list = try await registration(fixture)
        let sent = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[0], Recorded.username)).sent)
        let wrong = try #require(await sent.newState.submitChallenge(challenge: Recorded.wrongCode).error)
        #expect(wrong.error.isInvalidChallenge)
        #expect(wrong.newState === sent.newState)
        _ = try #require(await sent.newState.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("Preverified after a sign-up: no code, continue with the token alone, then signed in")
    func preverified() async throws {
        let fixture = try fixture("RegistrationPreverifiedAfterSignUp")
        let code = try #require(await fixture.app.signUp(parameters: NativeAuthSignUpParameters(username: Recorded.username)).codeRequired)
        let created = try #require(await code.state.submitCode(code: Recorded.code).completed)
        let list = try #require(await created.signIn().registration)
        let result = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[0], Recorded.username)).completed)
        #expect(result.account.username == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("A blocked number hands the same state back, with the server's reason after the library's sentence")
    func blockedContact() async throws {
        let fixture = try fixture("RegistrationBlockedContact")
        let list = try await registration(fixture)
        let blocked = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[1], "+15550100999")).error)
        #expect(blocked.error.isVerificationContactBlocked)
        #expect(blocked.error.errorDescription?.hasPrefix("The server blocked the verification contact provided. The phone number") == true)
        #expect(blocked.newState === list.state)
        let sent = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[1], " +14255550100 ")).sent)
        #expect(sent.channelTargetType.isSMSType)
        _ = try #require(await sent.newState.submitChallenge(challenge: Recorded.code).completed)
        try fixture.transport.assertAllUsed()
    }

    @Test("An invalid contact (901001) is invalid input and hands the state back; an empty one sends nothing")
    func invalidContact() async throws {
        let fixture = try fixture("RegistrationInvalidContact")
        let list = try await registration(fixture)
        let empty = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[1], "")).error)
        #expect(empty.error.isInvalidInput)
        #expect(empty.newState === list.state)
        let invalid = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[1], "not-a-number")).error)
        #expect(invalid.error.isInvalidInput)
        #expect(invalid.newState === list.state)
        #expect(!invalid.error.leavesSentCodeUsable, "the first challenge of a contact had sent no code")
        try fixture.transport.assertAllUsed()
    }

    @Test("Expired token at introspect ends the sign-in")
    func expiredAtIntrospect() async throws {
        let fixture = try fixture("RegistrationExpiredAtIntrospect")
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let error = try #require(await fixture.app.signIn(parameters: parameters).error)
        #expect(error.serverError == "expired_token")
        try fixture.transport.assertAllUsed()
    }

    @Test("Expired token at the challenge: no state to go on with")
    func expiredAtChallenge() async throws {
        let fixture = try fixture("RegistrationExpiredAtChallenge")
        let list = try await registration(fixture)
        let failure = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[0], Recorded.username)).error)
        #expect(failure.error.serverError == "expired_token")
        #expect(!failure.error.isInvalidInput)
        #expect(failure.newState == nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Expired token at continue: not an invalid challenge, no state")
    func expiredAtContinue() async throws {
        let fixture = try fixture("RegistrationExpiredAtContinue")
        let list = try await registration(fixture)
        let sent = try #require(await list.state.challengeAuthMethod(parameters: contact(list.methods[0], Recorded.username)).sent)
        let failure = try #require(await sent.newState.submitChallenge(challenge: Recorded.code).error)
        #expect(failure.error.serverError == "expired_token")
        #expect(!failure.error.isInvalidChallenge)
        #expect(failure.newState == nil)
        try fixture.transport.assertAllUsed()
    }
}
