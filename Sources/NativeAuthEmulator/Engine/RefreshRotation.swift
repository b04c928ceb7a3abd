import Crypto
import Foundation
import NativeAuthShared

/// Refresh-token rotation with reuse detection (OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
///
/// Every exchange issues a successor and marks the presented token used. Presenting a used token
/// again is reuse: the presented token and every token issued after it in its family (the chain of
/// successors, up to the live one) are revoked, so a stolen token and the session it was copied from
/// both stop working. One exception keeps a lost answer from costing the user the session: within
/// ``EmulatorConfiguration/refreshTokenReuseGrace`` seconds of the exchange, while the successor has
/// not been used, the same old token returns the same successor, once.
///
/// The successor is derived from the presented token with the state's secret (HMAC-SHA384), so the
/// server can hand the same one out again while storing only hashes of refresh tokens.
enum RefreshRotation {
    /// Exchanges `presented` under the state lock: the user, the scopes, and the refresh token to issue.
    static func exchange(
        _ presented: String, clientId: String, requested: ScopeRequest?, in state: inout EmulatorState,
        now: Double, configuration: EmulatorConfiguration, needsSecondFactor: Bool = false
    ) throws -> (UserRecord, ScopeRequest, String) {
        let digest = ContinuationToken.digest(presented)
        guard var record = state.refreshTokens[digest] else {
            throw ProtocolError.invalidRefreshToken("the refresh token is unknown or was revoked.")
        }
        guard record.clientId == clientId else {
            throw ProtocolError.invalidRefreshToken("the refresh token was issued to another client.")
        }
        guard !record.revoked else { throw ProtocolError.invalidRefreshToken("the refresh token was revoked.") }
        let next = successor(of: presented, secret: state.secret)
        let nextDigest = ContinuationToken.digest(next)
        if let rotatedAt = record.rotatedAt {
            if now < rotatedAt + configuration.refreshTokenReuseGrace, record.graceUsed != true,
               record.successorHash == nextDigest, let successor = state.refreshTokens[nextDigest],
               successor.rotatedAt == nil, !successor.revoked, let user = state.users[successor.userKey] {
                record.graceUsed = true
                state.refreshTokens[digest] = record
                return (user, try ScopeRequest(parsing: successor.scopes.joined(separator: " ")), next)
            }
            revokeFamily(from: digest, in: &state)
            throw ProtocolError.invalidRefreshToken(
                "the refresh token was already used; a used refresh token presented again revokes the session it belongs to. Sign in again.")
        }
        guard now < record.expiresAt else { throw ProtocolError.expiredRefreshToken }
        guard let user = state.users[record.userKey] else {
            throw ProtocolError.invalidRefreshToken("the user no longer exists.")
        }
        // An authentication context tied to a second factor the session never did: the user must
        // sign in again (the token is not spent).
        if needsSecondFactor, record.secondFactor != true { throw ProtocolError.strongAuthRequiredAtRefresh }
        var scopes = try requested ?? ScopeRequest(parsing: record.scopes.joined(separator: " "))
        if !scopes.wantsRefreshToken {
            scopes = try ScopeRequest(parsing: (scopes.scopes + ["offline_access"]).joined(separator: " "))
        }
        record.rotatedAt = now
        record.successorHash = nextDigest
        state.refreshTokens[digest] = record
        state.refreshTokens[nextDigest] = RefreshTokenRecord(
            userKey: record.userKey, clientId: clientId, scopes: scopes.scopes, issuedAt: now,
            expiresAt: now + configuration.refreshTokenLifetime, rotatedAt: nil, revoked: false,
            secondFactor: record.secondFactor)
        return (user, scopes, next)
    }

    /// The successor of `token`: HMAC-SHA384 of it under `secret`, base64url (64 characters).
    static func successor(of token: String, secret: String) -> String {
        let key = SymmetricKey(data: Data(secret.utf8))
        return Base64URL.encode(Data(HMAC<SHA384>.authenticationCode(for: Data(token.utf8), using: key)))
    }

    /// Revokes the token with `digest` and every successor after it.
    private static func revokeFamily(from digest: String, in state: inout EmulatorState) {
        var cursor: String? = digest
        var seen = Set<String>()
        while let current = cursor, seen.insert(current).inserted, var record = state.refreshTokens[current] {
            if !record.revoked {
                record.revoked = true
                state.refreshTokens[current] = record
            }
            cursor = record.successorHash
        }
    }
}
