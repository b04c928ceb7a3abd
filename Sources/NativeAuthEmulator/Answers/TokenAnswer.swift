/// `/oauth2/v2.0/token`'s success (docs/PROTOCOL.md §10.2): the signed tokens and what they are for.
struct TokenAnswer: ProtocolAnswer {
    let tokenType = "Bearer"
    /// The scopes granted, space-separated.
    let scope: String
    /// The access token's lifetime in seconds.
    let expiresIn: Int
    /// The same (the service's extended lifetime, for outages, is the normal one here).
    let extExpiresIn: Int
    let accessToken: String
    let refreshToken: String?
    let idToken: String?
    /// Base64url of `{"uid", "utid"}`, when the request asked for it.
    let clientInfo: String?

    init(scope: String, expiresIn: Int, accessToken: String, refreshToken: String?, idToken: String?, clientInfo: String?) {
        self.scope = scope
        self.expiresIn = expiresIn
        self.extExpiresIn = expiresIn
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.clientInfo = clientInfo
    }

    enum CodingKeys: String, CodingKey {
        case tokenType = "token_type"
        case scope
        case expiresIn = "expires_in"
        case extExpiresIn = "ext_expires_in"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
        case clientInfo = "client_info"
    }
}
