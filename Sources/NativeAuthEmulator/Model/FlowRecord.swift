import Foundation

/// The server-side state of one sign-in flow, identified by the continuation tokens it hands out.
struct FlowRecord: Codable, Sendable {
    /// Where the flow stands; each stage accepts exactly one kind of next request.
    enum Stage: String, Codable, Sendable {
        /// After `/initiate`: waiting for `/challenge`.
        case awaitingChallenge
        /// A code was sent: waiting for the `oob` grant (or a resend).
        case awaitingCode
        /// Waiting for the `password` grant.
        case awaitingPassword
        /// Tokens were issued; the flow is over.
        case completed
        /// The client was sent to the browser; the flow is over.
        case redirected
        /// Too many wrong codes or passwords; the flow is dead.
        case locked
    }

    var id: String
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
    /// When this record may be forgotten.
    var purgeAfter: Double

    /// How long an unfinished flow is remembered after its token expires, so that a late request
    /// still gets `expired_token` rather than "unknown". Finished flows go when their token expires.
    static let unfinishedRetention: Double = 86_400
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
}

/// A code sent to a user, kept in memory for `GET /_emulator/codes` (see ``Outbox``).
struct SentCodeRecord: Codable, Sendable {
    var code: String
    var flowId: String
    var sentAt: Double
    var expiresAt: Double
}
