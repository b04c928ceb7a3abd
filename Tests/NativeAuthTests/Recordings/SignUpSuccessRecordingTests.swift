import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: sign-ups that create the account")
struct SignUpSuccessRecordingTests {
    private func start(_ fixture: ReplayFixture, _ parameters: NativeAuthSignUpParameters = NativeAuthSignUpParameters(username: Recorded.username))
        async throws -> SignUpCodeRequiredState
    {
        let code = try #require(await fixture.app.signUp(parameters: parameters).codeRequired)
        #expect(code.sentTo == Recorded.sentTo)
        #expect(code.codeLength == 8)
        #expect(code.channel.isEmailType)
        return code.state
    }

    @Test("Email code: start → challenge → continue with the code creates the account; nothing is stored yet")
    func otp() async throws {
        let fixture = try ReplayFixture("SignUpOTP")
        let state = try await start(fixture)
        let created = try #require(await state.submitCode(code: Recorded.code).completed)
        #expect(created.correlationId == fixture.flowId)
        #expect(try fixture.store.read().accounts.isEmpty, "signing up does not sign in")
        try fixture.transport.assertAllUsed()
    }

    @Test("Email + password: the password and the attributes go with the start, sorted, as one JSON field")
    func passwordAndAttributesAtStart() async throws {
        let fixture = try ReplayFixture("SignUpPassword", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignUpParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let attributes: [String: Any] = ["country": "United States", "city": "Redmond"]
        parameters.attributes = attributes
        let state = try await start(fixture, parameters)
        #expect(await state.submitCode(code: Recorded.code).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("credential_required: the library asks /signup/v1.0/challenge for the password; a refused password hands the state back")
    func credentialRequiredThenPassword() async throws {
        let fixture = try ReplayFixture("SignUpCredentialRequired", challengeTypes: [.OOB, .password])
        let state = try await start(fixture)
        let password = try #require(await state.submitCode(code: Recorded.code).passwordRequired)

        let refused = try #require(await password.submitPassword(password: Recorded.refusedPassword).error)
        #expect(refused.error.isInvalidPassword)
        #expect(refused.error.serverSubError == "password_too_weak")
        #expect(refused.error.errorCodes == [399246])
        #expect(refused.error.errorDescription?.hasPrefix("AADSTS399246: New password is too weak.") == true)
        #expect(refused.newState === password)

        #expect(await password.submitPassword(password: Recorded.password).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("attributes_required: the required attributes are read with their type and pattern, then submitted")
    func attributesRequired() async throws {
        let fixture = try ReplayFixture("SignUpAttributesRequired")
        let state = try await start(fixture)
        let required = try #require(await state.submitCode(code: Recorded.code).attributesRequired)
        #expect(required.attributes == [
            NativeAuthRequiredAttribute(name: "displayName", type: "string", required: true),
            NativeAuthRequiredAttribute(name: "extension_2588abcdwhtfeehjjeeqwertc_age", type: "string", required: true),
            NativeAuthRequiredAttribute(name: "postalCode", type: "string", required: true, regex: "^[1-9][0-9]*$"),
        ])
        let values: [String: Any] = ["postalCode": "98052", "displayName": "Fake User", "extension_2588abcdwhtfeehjjeeqwertc_age": "30"]
        #expect(await required.state.submitAttributes(attributes: values).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("attribute_validation_failed on submitted attributes names them and hands the same state back")
    func attributesInvalidThenValid() async throws {
        let fixture = try ReplayFixture("SignUpAttributesInvalidThenValid")
        let state = try await start(fixture)
        let required = try #require(await state.submitCode(code: Recorded.code).attributesRequired)
        #expect(required.attributes.map(\.name) == ["postalCode"])

        let invalid = try #require(await required.state.submitAttributes(attributes: ["postalCode": "abc"]).attributesInvalid)
        #expect(invalid.names == ["postalCode"])
        #expect(invalid.state === required.state)
        #expect(await invalid.state.submitAttributes(attributes: ["postalCode": "98052"]).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Resend calls /signup/v1.0/challenge again with the current token; the old state is used up")
    func resend() async throws {
        let fixture = try ReplayFixture("SignUpResend")
        let first = try await start(fixture)
        let resent = try #require(await first.resendCode().codeRequired)
        #expect(resent.state !== first)
        #expect(resent.sentTo == Recorded.sentTo)
        let stale = try #require(await first.submitCode(code: Recorded.code).error)
        #expect(stale.error.isStateAlreadyUsed)
        #expect(await resent.state.submitCode(code: Recorded.code).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("A wrong code (invalid_oob_value) hands the same state back; the right one creates the account")
    func wrongCodeThenSuccess() async throws {
        let fixture = try ReplayFixture("SignUpWrongCodeThenSuccess")
        let state = try await start(fixture)
        let wrong = try #require(await state.submitCode(code: Recorded.wrongCode).error)
        #expect(wrong.error.isInvalidCode)
        #expect(wrong.error.errorCodes == [50181])
        #expect(wrong.newState === state)
        #expect(await state.submitCode(code: Recorded.code).completed != nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("Sign-in after sign-up: the continuation_token grant with username signs in and stores the account, once")
    func signInAfterSignUp() async throws {
        let fixture = try ReplayFixture("SignInAfterSignUp")
        let state = try await start(fixture)
        let created = try #require(await state.submitCode(code: Recorded.code).completed)
        let result = try #require(await created.signIn().completed)
        #expect(result.account.username == Recorded.username)
        #expect(result.account.identifier == Recorded.accountIdentifier)
        #expect(result.account.accountClaims?["preferred_username"] as? String == Recorded.username)
        let stored = try #require(try fixture.store.read().storedAccounts.first)
        #expect(stored.accessTokens.map(\.token) == [Recorded.accessToken])
        #expect(stored.refreshToken == Recorded.refreshToken)
        #expect(fixture.app.getNativeAuthUserAccount()?.account.identifier == Recorded.accountIdentifier)
        try fixture.transport.assertAllUsed()

        let again = try #require(await created.signIn().error)
        #expect(again.error.isStateAlreadyUsed)
        #expect(again.newState == nil)
    }

    @Test("Sign-in after a sign-up that ended without a continuation token fails locally and sends nothing")
    func signInAfterSignUpWithoutToken() async throws {
        let fixture = try ReplayFixture("SignInAfterSignUpNoToken")
        let state = try await start(fixture)
        let created = try #require(await state.submitCode(code: Recorded.code).completed)
        let failure = try #require(await created.signIn().error)
        #expect(failure.error.errorDescription?.contains("Sign in is not available at this point") == true)
        #expect(failure.error.errorDescription?.contains("standalone sign-in") == true)
        #expect(!failure.error.isBrowserRequired && !failure.error.isServerUnavailable)
        #expect(failure.newState == nil)
        #expect(failure.error.correlationId == fixture.flowId)
        #expect(fixture.transport.requests.count == 3, "no /token request")
        #expect(try fixture.store.read().accounts.isEmpty)
        try fixture.transport.assertAllUsed()
    }
}
