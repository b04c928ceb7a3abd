import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: sign-up errors")
struct SignUpErrorRecordingTests {
    private var user: NativeAuthSignUpParameters { NativeAuthSignUpParameters(username: Recorded.username) }

    @Test("user_already_exists (1003037) at start")
    func userAlreadyExists() async throws {
        let fixture = try ReplayFixture("SignUpUserAlreadyExists")
        let error = try #require(await fixture.app.signUp(parameters: user).error)
        #expect(error.isUserAlreadyExists)
        #expect(!error.isInvalidUsername && !error.isInvalidPassword && !error.isBrowserRequired)
        #expect(error.errorCodes == [1003037])
        #expect(error.serverError == "user_already_exists")
        #expect(error.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("invalid_request 90100 naming the username at start is an invalid username")
    func invalidUsername() async throws {
        let fixture = try ReplayFixture("SignUpInvalidUsername")
        let error = try #require(await fixture.app.signUp(parameters: NativeAuthSignUpParameters(username: "not-an-email")).error)
        #expect(error.isInvalidUsername)
        #expect(!error.isUserAlreadyExists)
        #expect(error.errorCodes == [90100])
        try fixture.transport.assertAllUsed()
    }

    struct PolicyCase: Sendable, CustomTestStringConvertible {
        let scenario: String
        let suberror: String
        let codes: [Int]
        var testDescription: String { suberror }
    }

    @Test("Each password-policy suberror at start is an invalid password naming the rule", arguments: [
        PolicyCase(scenario: "SignUpPasswordTooWeak", suberror: "password_too_weak", codes: [399246]),
        PolicyCase(scenario: "SignUpPasswordTooShort", suberror: "password_too_short", codes: []),
        PolicyCase(scenario: "SignUpPasswordTooLong", suberror: "password_too_long", codes: []),
        PolicyCase(scenario: "SignUpPasswordRecentlyUsed", suberror: "password_recently_used", codes: []),
        PolicyCase(scenario: "SignUpPasswordBanned", suberror: "password_banned", codes: []),
        PolicyCase(scenario: "SignUpPasswordIsInvalid", suberror: "password_is_invalid", codes: []),
    ])
    func passwordPolicy(_ policy: PolicyCase) async throws {
        let fixture = try ReplayFixture(policy.scenario, challengeTypes: [.OOB, .password])
        let parameters = user
        parameters.password = Recorded.refusedPassword
        let error = try #require(await fixture.app.signUp(parameters: parameters).error)
        #expect(error.isInvalidPassword)
        #expect(!error.isUserAlreadyExists && !error.isInvalidUsername)
        #expect(error.serverError == "invalid_grant")
        #expect(error.serverSubError == policy.suberror)
        #expect(error.errorCodes == policy.codes)
        #expect(error.errorDescription?.hasPrefix("New password") == true || error.errorDescription?.hasPrefix("AADSTS399246: New password") == true)
        try fixture.transport.assertAllUsed()
    }

    @Test("attribute_validation_failed at start names the attributes (onSignUpAttributesInvalid)")
    func attributeValidationFailedAtStart() async throws {
        let fixture = try ReplayFixture("SignUpAttributeValidationFailed", challengeTypes: [.OOB, .password])
        let parameters = user
        parameters.password = Recorded.password
        parameters.attributes = ["country": "United States", "city": "Redmond"]
        let names = try #require(await fixture.app.signUp(parameters: parameters).attributesInvalid)
        #expect(names == ["country"])
        try fixture.transport.assertAllUsed()
    }

    @Test("expired_token (552003) answering the code ends the flow: no retry state, the state is used up")
    func expiredToken() async throws {
        let fixture = try ReplayFixture("SignUpExpiredToken")
        let state = try #require(await fixture.app.signUp(parameters: user).codeRequired?.state)
        let failure = try #require(await state.submitCode(code: Recorded.code).error)
        #expect(!failure.error.isInvalidCode)
        #expect(failure.error.serverError == "expired_token")
        #expect(failure.error.errorCodes == [552003])
        #expect(failure.newState == nil)
        let again = try #require(await state.submitCode(code: Recorded.code).error)
        #expect(again.error.isStateAlreadyUsed)
        try fixture.transport.assertAllUsed()
    }

    @Test("A redirect at start or at the challenge is browser required", arguments: ["SignUpRedirectAtStart", "SignUpRedirectAtChallenge"])
    func redirect(scenario: String) async throws {
        let fixture = try ReplayFixture(scenario)
        let error = try #require(await fixture.app.signUp(parameters: user).error)
        #expect(error.isBrowserRequired)
        #expect(!error.isServerUnavailable)
        #expect(error.errorDescription?.contains("browser") == true)
        #expect(error.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }
}
