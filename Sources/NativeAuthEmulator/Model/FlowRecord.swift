import Foundation

/// The server-side state of one flow (a sign-in, a sign-up, a password reset), identified by the
/// continuation tokens it hands out.
struct FlowRecord: Codable, Sendable {
    /// What the flow does; each kind's endpoints accept only its own tokens.
    enum Kind: String, Codable, Sendable {
        case signIn, signUp, passwordReset
    }

    /// Where the flow stands; each stage accepts exactly one kind of next request.
    enum Stage: String, Codable, Sendable {
        /// After `/initiate` or `/signup/v1.0/start`: waiting for `/challenge`.
        case awaitingChallenge
        /// A code was sent: waiting for the `oob` grant (or a resend).
        case awaitingCode
        /// Waiting for the `password` grant.
        case awaitingPassword
        /// Sign-up: the address is verified and the account needs a password (`credential_required`
        /// was answered): waiting for `/signup/v1.0/challenge`.
        case awaitingCredential
        /// Sign-up: waiting for the required attributes (`attributes_required` was answered).
        case awaitingAttributes
        /// Password reset: the code was right; waiting for `/resetpassword/v1.0/submit`.
        case awaitingNewPassword
        /// Password reset: the new password was submitted; waiting for `/resetpassword/v1.0/poll_completion`.
        case awaitingCompletion
        /// The flow's work is done (the account exists, or its password was reset): waiting for the
        /// `continuation_token` grant.
        case readyForSignIn
        /// MFA: `/token` answered `mfa_required`; waiting for `/oauth2/v2.0/introspect`.
        case mfaIntrospect
        /// MFA: the methods were listed; waiting for `/oauth2/v2.0/challenge` with a method `id`.
        case mfaChallenge
        /// MFA: a code was sent on a method; waiting for the `mfa_oob` grant (or another challenge).
        case mfaCode
        /// Registration: `/token` answered `registration_required`; waiting for `/register/v1.0/introspect`.
        case registrationIntrospect
        /// Registration: the methods were listed; waiting for `/register/v1.0/challenge`.
        case registrationChallenge
        /// Registration: a code was sent to the contact; waiting for `/register/v1.0/continue` (or another challenge).
        case registrationCode
        /// Registration: the contact was already verified; waiting for `/register/v1.0/continue`
        /// with `grant_type=continuation_token`.
        case registrationPreverified
        /// V2: the journey reached `state: continue` and `authorize-challenge` issued its authorization
        /// code (the flow's token digest is now the code's); waiting for `/token`'s `authorization_code` grant.
        case authorizationCode
        /// Tokens were issued; the flow is over.
        case completed
        /// The client was sent to the browser; the flow is over.
        case redirected
        /// Too many wrong codes or passwords; the flow is dead.
        case locked
    }

    var id: String
    /// Nil in states written before flows had kinds: those are sign-ins.
    var kind: Kind?
    var clientId: String
    var userKey: String
    var challengeTypes: [String]
    var stage: Stage
    /// SHA-256 (hex) of the one continuation token currently valid for this flow.
    var tokenHash: String
    var tokenExpiresAt: Double
    /// SHA-256 (hex) of flow id + current code.
    var codeHash: String?
    var codeExpiresAt: Double?
    var failedAttempts: Int
    /// A sign-up's account in the making (nil for other kinds).
    var signUp: SignUpProgress?
    /// A password reset's new password, once submitted (nil for other kinds).
    var passwordReset: PasswordResetProgress? = nil
    /// The `capabilities` the client sent when the flow started (nil: none).
    var capabilities: [String]? = nil
    /// A strong authentication in progress, or done (nil until `/token` asked for one).
    var strongAuth: StrongAuthProgress? = nil
    /// The API the flow speaks (nil: V1). Each API's endpoints take only the tokens of its own flows.
    var api: FlowAPI? = nil

    /// The flow's kind (a record without one is a sign-in).
    var flowKind: Kind { kind ?? .signIn }

    /// Issues the flow's next continuation token, valid for `lifetime` seconds from `now`: the
    /// previous one stops working, and the flow is forgotten when this one expires (the token
    /// itself then still says it expired; see ``ContinuationToken``).
    mutating func rotateToken(now: Double, lifetime: Double) -> String {
        tokenExpiresAt = now + lifetime
        let next = ContinuationToken.make(flowId: id, expiresAt: tokenExpiresAt)
        tokenHash = ContinuationToken.digest(next)
        return next
    }
}

/// A refresh token's server-side record, keyed by the token's SHA-256.
struct RefreshTokenRecord: Codable, Sendable {
    var userKey: String
    var clientId: String
    var scopes: [String]
    var issuedAt: Double
    var expiresAt: Double
    /// Set when the token was exchanged: it is then rejected.
    var rotatedAt: Double?
    var revoked: Bool
    /// SHA-256 of the token issued in exchange for this one (see ``RefreshRotation``).
    var successorHash: String? = nil
    /// Whether the reuse grace was spent (the successor was handed out a second time).
    var graceUsed: Bool? = nil
    /// Whether the session did a second factor (its successors inherit it): a refresh asking for an
    /// authentication context tied to one is refused without it.
    var secondFactor: Bool? = nil
}

/// A code sent to a user, kept in memory for `GET /_emulator/codes` (see ``Outbox``).
struct SentCodeRecord: Codable, Sendable {
    var code: String
    var flowId: String
    var sentAt: Double
    var expiresAt: Double
}
