import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// MSAL objc's end-to-end scenarios that had no recording: a social account's address at sign-up and
/// reset, an address refused as malformed, extra and unconfigured scopes, and a second account.
@Suite("Recordings: MSAL's end-to-end scenarios")
struct MSALScenarioRecordingTests {
    @Test("Sign-up for a social account's address is an invalid username (MSAL's expectation)")
    func signUpSocialAccount() async throws {
        let fixture = try ReplayFixture("SignUpSocialAccount", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignUpParameters(username: Recorded.username)
        parameters.password = Recorded.password
        let error = try #require(await fixture.app.signUp(parameters: parameters).error)
        #expect(error.isInvalidUsername)
        #expect(error.code == .invalidUsername)
        try fixture.transport.assertAllUsed()
    }

    @Test("A reset for a social account's address is an invalid username (MSAL's expectation)")
    func resetPasswordSocialAccount() async throws {
        let fixture = try ReplayFixture("ResetPasswordSocialAccount")
        let error = try #require(await fixture.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: Recorded.username)).error)
        #expect(error.isInvalidUsername)
        try fixture.transport.assertAllUsed()
    }

    @Test("A password sign-up for a malformed address is an invalid username")
    func signUpMalformedAddress() async throws {
        let fixture = try ReplayFixture("SignUpPasswordMalformedAddress", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignUpParameters(username: "invalid")
        parameters.password = Recorded.password
        let error = try #require(await fixture.app.signUp(parameters: parameters).error)
        #expect(error.isInvalidUsername)
        try fixture.transport.assertAllUsed()
    }

    @Test("Extra scopes go first on the grant; their token is then served from the cache")
    func extraScopes() async throws {
        let fixture = try ReplayFixture("SignInExtraScopes", challengeTypes: [.OOB, .password])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        parameters.scopes = ["User.Read"]
        let account = try #require(await fixture.app.signIn(parameters: parameters).completed)
        let token = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]))
        #expect(token.accessToken == "fake-access-token-1")
        #expect(token.scopes.contains("User.Read"))
        try fixture.transport.assertAllUsed()
    }

    @Test("A scope the app is not configured for: invalidScope with the server's sentence; still signed in")
    func scopeNotConfigured() async throws {
        let fixture = try ReplayFixture("RefreshScopeNotConfigured")
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)
        let account = try #require(await state.submitCode(code: Recorded.code).completed)
        let error = try await #require(throws: RetrieveAccessTokenError.self) {
            try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true, scopes: ["Calendar.Read"]))
        }
        #expect(error.isInvalidScope)
        #expect(!error.isRefreshTokenExpired)
        #expect(error.errorDescription?.contains("Send an interactive authorization request for this user and resource.") == true)
        #expect(try fixture.app.currentAccount()?.account.username == Recorded.username)
        try fixture.transport.assertAllUsed()
    }

    @Test("Signing in as B while A is stored replaces A; signing in as A again replaces B")
    func secondAccount() async throws {
        let fixture = try ReplayFixture("SignInAsBThenA", challengeTypes: [.OOB, .password])
        // One correlation ID for the three sign-ins, as MSAL's test passes one (the recording's <flow-id>).
        let correlationId = UUID()
        let a = NativeAuthSignInParameters(username: Recorded.username)
        a.password = Recorded.password
        a.correlationId = correlationId
        let b = NativeAuthSignInParameters(username: "other@example.com")
        b.correlationId = correlationId
        let first = try #require(await fixture.app.signIn(parameters: a).completed)
        #expect(try fixture.app.currentAccount()?.account.identifier == first.account.identifier)

        let state = try #require(await fixture.app.signIn(parameters: b).codeRequired?.state)
        let second = try #require(await state.submitCode(code: Recorded.code).completed)
        #expect(second.account.username == "other@example.com")
        #expect(second.account.identifier != first.account.identifier)
        #expect(try fixture.app.currentAccount()?.account.username == "other@example.com")
        #expect(try fixture.store.read().accounts.count == 1)
        #expect(try await second.getAccessToken().accessToken == "fake-access-token-b")

        let again = try #require(await fixture.app.signIn(parameters: a).completed)
        #expect(again.account.identifier == first.account.identifier)
        #expect(try fixture.app.currentAccount()?.account.username == Recorded.username)
        #expect(try await again.getAccessToken().accessToken == "fake-access-token-a2")
        try fixture.transport.assertAllUsed()
    }
}
