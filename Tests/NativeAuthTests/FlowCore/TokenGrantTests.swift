@testable import NativeAuth
import Testing

/// Every `/token` grant's form, built in one place (MSAL's fields).
@Suite("Token grants")
struct TokenGrantTests {
    private let scopes = ["api://contoso/Data.Read", "openid", "profile", "offline_access"]

    private func names(_ grant: TokenGrant) -> [String] { grant.fields(scopes: scopes).map(\.0) }
    private func value(_ name: String, _ grant: TokenGrant) -> String? { grant.fields(scopes: scopes).first { $0.0 == name }?.1 }

    @Test("oob: the code, no username, no challenge_type")
    func oob() {
        let grant = TokenGrant.oob(code: "12345678", continuationToken: "CT2")
        #expect(names(grant) == ["continuation_token", "grant_type", "oob", "scope", "client_info"])
        #expect(value("grant_type", grant) == "oob")
        #expect(value("oob", grant) == "12345678")
        #expect(value("client_info", grant) == "true")
    }

    @Test("password: username, password and the app's challenge types")
    func password() {
        let grant = TokenGrant.password("Passw0rd!", username: "u@example.com", continuationToken: "CT2", challengeTypes: [.OOB, .password])
        #expect(names(grant) == ["continuation_token", "grant_type", "username", "password", "challenge_type", "scope", "client_info"])
        #expect(value("challenge_type", grant) == "oob password redirect")
        #expect(value("scope", grant) == "api://contoso/Data.Read openid profile offline_access")
    }

    @Test("continuation_token: with the username when there is one, and the challenge types")
    func continuationToken() {
        let withUser = TokenGrant.continuationToken("CT9", username: "u@example.com", challengeTypes: [.OOB])
        #expect(names(withUser) == ["continuation_token", "grant_type", "username", "challenge_type", "scope", "client_info"])
        #expect(value("grant_type", withUser) == "continuation_token")
        #expect(value("challenge_type", withUser) == "oob redirect")
        let without = TokenGrant.continuationToken("CT9", username: nil, challengeTypes: [.OOB])
        #expect(!names(without).contains("username"))
    }

    @Test("refresh_token: the refresh token, no continuation token")
    func refresh() {
        let grant = TokenGrant.refreshToken("RT1")
        #expect(names(grant) == ["grant_type", "refresh_token", "scope", "client_info"])
        #expect(value("refresh_token", grant) == "RT1")
    }
}
