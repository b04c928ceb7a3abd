/// An issued authorization code (RFC 6749 §4.1.2): single use, short-lived, bound to its client,
/// redirect URI, PKCE challenge and nonce.
struct AuthorizationCodeRecord: Codable, Sendable {
    var clientId: String
    var userKey: String
    var redirectUri: String
    var codeChallenge: String
    var scopes: [String]
    var nonce: String?
    var expiresAt: Double
    /// Set when redeemed: a second redemption is refused (AADSTS54005) until the record is purged.
    var redeemed: Bool = false

    /// How long a code is remembered after it expires, so a late redemption says "expired" (70008).
    static let retention: Double = 3600
}
