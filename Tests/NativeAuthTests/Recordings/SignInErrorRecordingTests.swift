import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: sign-in errors")
struct SignInErrorRecordingTests {
    @Test("user_not_found (50034) at initiate")
    func userNotFound() async throws {
        let fixture = try ReplayFixture("UserNotFound")
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: "nobody@example.com")).error)
        #expect(error.isUserNotFound)
        #expect(!error.isInvalidUsername)
        #expect(error.errorCodes == [50034])
        #expect(error.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("invalid_request 90100 'username parameter is empty or not valid' at initiate")
    func invalidUsername() async throws {
        let fixture = try ReplayFixture("InvalidUsername")
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: "not-an-email")).error)
        #expect(error.isInvalidUsername)
        #expect(!error.isUserNotFound)
        #expect(error.errorCodes == [90100])
        try fixture.transport.assertAllUsed()
    }

    @Test("redirect answers give browser required", arguments: ["RedirectAtInitiate", "RedirectAtChallenge"])
    func redirect(scenario: String) async throws {
        let fixture = try ReplayFixture(scenario)
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.isBrowserRequired)
        #expect(!error.isServerUnavailable)
        #expect(error.errorDescription?.contains("browser") == true)
        #expect(error.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("Wrong password (50126) via submitPassword returns the same state; the right one signs in")
    func wrongPassword() async throws {
        let fixture = try ReplayFixture("WrongPassword", challengeTypes: [.OOB, .password])
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).passwordRequired)

        let failure = try #require(await state.submitPassword(password: Recorded.wrongPassword).error)
        #expect(failure.error.isInvalidPassword)
        #expect(failure.error.errorCodes == [50126])
        #expect(failure.newState === state)
        #expect(try fixture.store.read().accounts.isEmpty)

        let result = try #require(await state.submitPassword(password: Recorded.password).completed)
        #expect(result.account.accountClaims?["preferred_username"] as? String == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("expired_token (552003) on the code grant ends the flow: no retry state")
    func expiredContinuationToken() async throws {
        let fixture = try ReplayFixture("ExpiredContinuationToken")
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)
        let failure = try #require(await state.submitCode(code: Recorded.code).error)
        #expect(!failure.error.isInvalidCode)
        #expect(failure.error.serverError == "expired_token")
        #expect(failure.error.errorCodes == [552003])
        #expect(failure.newState == nil)
        #expect(failure.error.errorDescription?.contains("expired") == true)
        // The state is used up: trying again fails locally.
        let again = try #require(await state.submitCode(code: Recorded.code).error)
        #expect(again.error.isStateAlreadyUsed)
        try fixture.transport.assertAllUsed()
    }

    @Test("Unknown error and suberror strings decode into a general error with codes and correlation id")
    func unknownErrorCode() async throws {
        let fixture = try ReplayFixture("UnknownErrorCode")
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.serverError == "quantum_flux_required")
        #expect(error.serverSubError == "flux_capacitor_missing")
        #expect(error.errorCodes == [9999999])
        #expect(error.correlationId == fixture.flowId)
        #expect(!error.isUserNotFound && !error.isInvalidUsername && !error.isInvalidCredentials)
        #expect(!error.isBrowserRequired && !error.isServerUnavailable)
        #expect(error.httpStatus == 400)
        // errorDescription is the server's own text, as in MSAL.
        #expect(error.errorDescription?.hasPrefix("AADSTS9999999: An error the library has never seen.") == true)
        try fixture.transport.assertAllUsed()
    }
}
