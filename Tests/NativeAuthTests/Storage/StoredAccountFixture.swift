import Foundation
@testable import NativeAuth

/// The numbered accounts the token store tests keep: account `n` has its own client ID, identifier
/// and tokens (`id-token-n`, `refresh-token-n`, `access-token-n`) at one authority.
enum StoredAccountFixture {
    static let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"

    static func account(_ index: Int) -> StoredAccount {
        StoredAccount(
            clientId: "client-\(index)", authority: authority, username: "user\(index)@contoso.com",
            identifier: "uid-\(index).utid", idToken: "id-token-\(index)", refreshToken: "refresh-token-\(index)",
            accessTokens: [
                StoredAccessToken(
                    token: "access-token-\(index)", scopes: ["openid", "profile"],
                    expiresOn: Date(timeIntervalSince1970: 1_700_003_600))
            ],
            signedInAt: Date(timeIntervalSince1970: 1_700_000_000))
    }
}
