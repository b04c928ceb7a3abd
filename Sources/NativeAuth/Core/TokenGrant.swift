/// Every grant the library redeems at `/oauth2/v2.0/token`, and the one place their forms are built.
///
/// The fields follow MSAL: `client_info=true` on every V1 grant (`client_info=1` on V2's, as msal-js
/// sends it: docs/PROTOCOL.md §25), `challenge_type` on the grants that start from a credential the
/// app collected (password, continuation token), none on `oob`, `mfa_oob` nor on the browser flows' grants.
enum TokenGrant: Sendable, Equatable {
    /// A one-time code sent by email (`grant_type=oob`).
    case oob(code: String, continuationToken: String)
    /// The code of a second factor (`grant_type=mfa_oob`, docs/PROTOCOL.md §9.1).
    case mfaOOB(code: String, continuationToken: String)
    /// A password (`grant_type=password`); `challengeTypes` are the app's.
    case password(String, username: String, continuationToken: String, challengeTypes: NativeAuthChallengeTypes)
    /// The sign-in that ends a sign-up or a password reset (`grant_type=continuation_token`).
    case continuationToken(String, username: String?, challengeTypes: NativeAuthChallengeTypes)
    /// A refresh (`grant_type=refresh_token`).
    case refreshToken(String)
    /// The code the browser brought back to the loopback redirect (`grant_type=authorization_code`),
    /// with the redirect URI exactly as sent to `/authorize` and the PKCE verifier.
    case authorizationCode(String, redirectUri: String, codeVerifier: String)
    /// One poll of a device code (RFC 8628 `urn:ietf:params:oauth:grant-type:device_code`).
    case deviceCode(String)
    /// The authorization code a finished V2 journey's resume answered (`grant_type=authorization_code`,
    /// no redirect URI nor PKCE verifier: none of MSAL's V2 SDKs sends one; docs/PROTOCOL.md §25).
    case journeyCode(String)

    /// The `grant_type` sent.
    var grantType: GrantType {
        switch self {
        case .oob: return .oob
        case .mfaOOB: return .mfaOOB
        case .password: return .password
        case .continuationToken: return .continuationToken
        case .refreshToken: return .refreshToken
        case .authorizationCode, .journeyCode: return .authorizationCode
        case .deviceCode: return .deviceCode
        }
    }

    /// The `client_info` flag: `1` on V2's exchange (msal-js), `true` on V1's grants (MSAL).
    private var clientInfo: String {
        if case .journeyCode = self { return "1" }
        return "true"
    }

    /// The form fields after `client_id`. `scopes` are sent as they are (already merged); `claims`,
    /// when given, as the `claims` field (as MSAL's token request parameters do, on every grant).
    func fields(scopes: [String], claims: ClaimsRequest? = nil) -> [(String, String)] {
        var fields: [(String, String)]
        switch self {
        case .oob(let code, let continuationToken), .mfaOOB(let code, let continuationToken):
            fields = [("continuation_token", continuationToken), ("grant_type", grantType.rawValue), ("oob", code)]
        case .password(let password, let username, let continuationToken, let challengeTypes):
            fields = [("continuation_token", continuationToken), ("grant_type", grantType.rawValue),
                      ("username", username), ("password", password), ("challenge_type", challengeTypes.wireValue)]
        case .continuationToken(let continuationToken, let username, let challengeTypes):
            fields = [("continuation_token", continuationToken), ("grant_type", grantType.rawValue)]
            if let username { fields.append(("username", username)) }
            fields.append(("challenge_type", challengeTypes.wireValue))
        case .refreshToken(let refreshToken):
            fields = [("grant_type", grantType.rawValue), ("refresh_token", refreshToken)]
        case .authorizationCode(let code, let redirectUri, let codeVerifier):
            fields = [("grant_type", grantType.rawValue), ("code", code), ("redirect_uri", redirectUri), ("code_verifier", codeVerifier)]
        case .deviceCode(let deviceCode):
            fields = [("grant_type", grantType.rawValue), ("device_code", deviceCode)]
        case .journeyCode(let code):
            fields = [("grant_type", grantType.rawValue), ("code", code)]
        }
        fields.append(("scope", scopes.joined(separator: " ")))
        fields.append(("client_info", clientInfo))
        if let claims { fields.append(("claims", claims.jsonString())) }
        return fields
    }
}
