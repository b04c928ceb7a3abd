import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// Claims requests (docs/PROTOCOL.md §10.5): the recordings pin `claims` on every grant at `/token`
/// and nowhere else.
@Suite("Recordings: claims requests")
struct ClaimsRecordingTests {
    static let json = #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#

    @Test("An authentication-context claim: claims on the password and mfa_oob grants, none elsewhere; the MFA runs")
    func authenticationContextTriggersMFA() async throws {
        let fixture = try ReplayFixture("AuthContextClaimMFA", challengeTypes: [.OOB, .password], capabilities: [.mfaRequired, .registrationRequired])
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        parameters.claimsRequest = try ClaimsRequest(jsonString: Self.json)
        let list = try #require(await fixture.app.signIn(parameters: parameters).awaitingMFA)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let result = try #require(await sent.state.submitChallenge(challenge: Recorded.code).completed)
        #expect(result.account.username == Recorded.username)
        let claimsSent = fixture.transport.requests.map { FormFields.dictionary($0.body)["claims"] }
        #expect(claimsSent == [nil, nil, Self.json, nil, nil, Self.json])
        try fixture.transport.assertAllUsed()
    }

    @Test("getAccessToken with a claims request skips the cached token and sends claims on the refresh")
    func refreshCarriesClaims() async throws {
        let fixture = try ReplayFixture("RefreshWithClaims")
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)
        let account = try #require(await state.submitCode(code: Recorded.code).completed)
        // The sign-in's token is cached and valid: without claims, no request.
        #expect(try await account.getAccessToken().accessToken == "fake-access-token-1")
        let claims = try ClaimsRequest(claimsChallenge: Data(Self.json.utf8).base64EncodedString())
        let token = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(claimsRequest: claims))
        #expect(token.accessToken == "fake-access-token-2")
        try fixture.transport.assertAllUsed()
    }
}
