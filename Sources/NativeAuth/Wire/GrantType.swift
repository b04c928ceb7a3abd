/// Every `grant_type` value the library sends, and the one place each is spelt: the grants redeemed at
/// `/oauth2/v2.0/token` (``TokenGrant``) and the ones that continue a sign-up, a password reset or a
/// registration of a second factor at their `/continue` endpoints.
package enum GrantType: String, CaseIterable, Sendable {
    /// A one-time code sent by email.
    case oob
    /// The code of a second factor (docs/PROTOCOL.md §9.1).
    case mfaOOB = "mfa_oob"
    /// A password.
    case password
    /// A continuation token alone: the sign-in that ends a sign-up or a reset, or a registration
    /// that needs no code.
    case continuationToken = "continuation_token"
    /// A refresh.
    case refreshToken = "refresh_token"
    /// A browser's, or a finished V2 journey's, authorization code.
    case authorizationCode = "authorization_code"
    /// One poll of a device code (RFC 8628).
    case deviceCode = "urn:ietf:params:oauth:grant-type:device_code"
    /// The attributes a sign-up asked for (`/signup/v1.0/continue`).
    case attributes
}
