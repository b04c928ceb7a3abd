import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// The protocol errors an independent review found mishandled, each replayed from a recording.
@Suite("Recordings: protocol errors")
struct ProtocolErrorRecordingTests {
    private func start(_ fixture: ReplayFixture) async -> SignInStartResult {
        await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username))
    }

    /// The first line of the recorded `error_description` of `step` in `scenario`.
    private func recordedDescription(_ fixture: ReplayFixture, step: Int) throws -> String {
        guard case .object(let members) = try #require(fixture.transport.recording.steps[step].response.body),
              case .string(let description) = try #require(members.first { $0.0 == "error_description" }?.1)
        else { throw ReplayMismatch("no error_description in step \(step)") }
        return description
    }

    @Test("Errors at initiate are general errors with the server's description, not 'server unavailable'", arguments: [
        ("UnsupportedChallengeType", "unsupported_challenge_type", 400),
        ("MissingRedirect901007", "invalid_request", 400),
        ("NativeAuthAPIDisabled", "invalid_client", 400),
        ("ConfidentialClient401", "invalid_client", 401),
        ("UnauthorizedClient", "unauthorized_client", 400),
    ])
    func initiateErrors(scenario: String, serverError: String, status: Int) async throws {
        let fixture = try ReplayFixture(scenario)
        let error = try #require(await start(fixture).error)
        #expect(error.serverError == serverError)
        #expect(!error.isServerUnavailable && !error.isBrowserRequired)
        #expect(!error.isUserNotFound && !error.isInvalidUsername && !error.isInvalidCredentials)
        #expect(error.httpStatus == status)
        #expect(error.errorDescription == (try recordedDescription(fixture, step: 0)).replacingOccurrences(of: "<flow-id>", with: fixture.transport.flowId ?? ""))
        #expect(error.correlationId == fixture.flowId)
        try fixture.transport.assertAllUsed()
    }

    @Test("901007 and nativeauthapi_disabled keep their codes and suberror")
    func codesAndSuberror() async throws {
        let missingRedirect = try #require(await start(try ReplayFixture("MissingRedirect901007")).error)
        #expect(missingRedirect.errorCodes == [901007])
        let disabled = try #require(await start(try ReplayFixture("NativeAuthAPIDisabled")).error)
        #expect(disabled.serverSubError == "nativeauthapi_disabled")
    }

    @Test("expired_token at /challenge ends the sign-in with a general error")
    func expiredTokenAtChallenge() async throws {
        let fixture = try ReplayFixture("ExpiredTokenAtChallenge")
        let error = try #require(await start(fixture).error)
        #expect(error.serverError == "expired_token")
        #expect(error.errorCodes == [552003])
        #expect(!error.isServerUnavailable && !error.isBrowserRequired)
        try fixture.transport.assertAllUsed()
    }

    @Test("An unknown challenge_type in a 200 answer is a general error, not 'server unavailable'")
    func unknownChallengeType() async throws {
        let fixture = try ReplayFixture("UnknownChallengeType")
        let error = try #require(await start(fixture).error)
        #expect(!error.isServerUnavailable)
        #expect(error.serverError == nil)
        #expect(error.errorDescription?.contains("otp") == true)
        try fixture.transport.assertAllUsed()
    }

    @Test("A redirect at /token is browser required with the server's redirect_reason, and no state to retry")
    func redirectAtToken() async throws {
        let fixture = try ReplayFixture("RedirectAtToken")
        let state = try #require(await start(fixture).codeRequired?.state)
        let failure = try #require(await state.submitCode(code: Recorded.code).error)
        #expect(failure.error.isBrowserRequired)
        #expect(failure.error.errorDescription?.isEmpty == false)
        #expect(failure.error.errorDescription?.contains("browser sign-in is required") == false, "the server's reason, not the library's sentence")
        #expect(failure.newState == nil)
        try fixture.transport.assertAllUsed()
    }

    @Test("A password invalid_grant without 50126 is not a wrong password: no state that would loop")
    func passwordInvalidGrantWithout50126() async throws {
        let fixture = try ReplayFixture("PasswordInvalidGrantWithout50126", challengeTypes: [.OOB, .password])
        let state = try #require(await start(fixture).passwordRequired)
        let failure = try #require(await state.submitPassword(password: Recorded.password).error)
        #expect(!failure.error.isInvalidPassword)
        #expect(failure.error.serverError == "invalid_grant")
        #expect(failure.newState == nil)
        #expect(await state.submitPassword(password: Recorded.password).error?.error.isStateAlreadyUsed == true)
        try fixture.transport.assertAllUsed()
    }

    @Test("A password invalid_grant with 50034 at the start is 'user not found'")
    func passwordUserNotFound() async throws {
        let fixture = try ReplayFixture("PasswordUserNotFound50034", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let error = try #require(await fixture.app.signIn(parameters: parameters).error)
        #expect(error.isUserNotFound)
        #expect(!error.isInvalidCredentials)
        try fixture.transport.assertAllUsed()
    }

    @Test("mfa_required and registration_required at /token are browser required, saying why",
          arguments: ["MFARequiredAtToken", "RegistrationRequiredAtToken"])
    func strongAuthenticationRequired(scenario: String) async throws {
        let fixture = try ReplayFixture(scenario, challengeTypes: [.OOB, .password])
        let state = try #require(await start(fixture).passwordRequired)
        let failure = try #require(await state.submitPassword(password: Recorded.password).error)
        #expect(failure.error.isBrowserRequired)
        #expect(failure.error.errorDescription?.contains("cannot do natively without the") == true)
        #expect(failure.newState == nil)
        #expect(try fixture.store.read().accounts.isEmpty)
        try fixture.transport.assertAllUsed()
    }

    @Test("Refresh refused with 50076 (MFA) or 50142 (password change) says so and is not 'refresh token expired'",
          arguments: [("RefreshMFARequired50076", "Multi-factor authentication"), ("RefreshPasswordChange50142", "password must be changed")])
    func refreshNeedsTheUser(scenario: String, says: String) async throws {
        let fixture = try ReplayFixture(scenario)
        let state = try #require(await start(fixture).codeRequired?.state)
        let account = try #require(await state.submitCode(code: Recorded.code).completed)
        let error = try await #require(throws: RetrieveAccessTokenError.self) {
            try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        }
        #expect(!error.isRefreshTokenExpired)
        #expect(error.errorDescription?.contains(says) == true)
        #expect(error.serverError == "invalid_grant")
        try fixture.transport.assertAllUsed()
    }
}
