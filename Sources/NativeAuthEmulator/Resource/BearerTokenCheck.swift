import Crypto
import _CryptoExtras
import Foundation
import NativeAuthShared

/// Checks the bearer token of a request to the emulator's protected resource, as a resource server
/// does (RFC 6750): an RS256 JWT signed with the emulator's key (`kid`), issued by this tenant, for
/// Microsoft Graph (`aud`), within its lifetime on the emulator's clock, carrying the permission.
struct BearerTokenCheck: Sendable {
    /// Microsoft Graph's identifiers, either of which an access token for it carries as `aud`.
    static let graphAudiences: Set<String> = ["https://graph.microsoft.com", "00000003-0000-0000-c000-000000000000"]
    /// Longest `Authorization` header read.
    static let maxHeaderLength = 16 * 1024

    /// Why a request is refused.
    enum Refusal: Error, Equatable {
        /// No bearer token (RFC 6750 §3.1: no error code then).
        case missing
        /// The token is malformed, forged, expired, or not for this resource: 401 `invalid_token`.
        case invalidToken(String)
        /// The token is valid but lacks the permission: 403 `insufficient_scope`.
        case insufficientScope(required: String)
        /// The token is valid but lacks authentication contexts the resource wants (its `acrs`):
        /// 401 with a claims challenge, `error="insufficient_claims"`.
        case insufficientClaims(contexts: [String])
    }

    let core: EmulatorCore

    /// The verified claims of the request's token, which must carry `permission` in `scp`.
    func claims(authorization: String?, permission: String) throws(Refusal) -> [String: Any] {
        guard let header = authorization?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { throw .missing }
        guard header.count <= Self.maxHeaderLength else { throw .invalidToken("The Authorization header is too long.") }
        let words = header.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].lowercased() == "bearer" else {
            throw .invalidToken("The Authorization header is not 'Bearer' followed by a token.")
        }
        let parts = words[1].trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Base64URL.decode(parts[0]),
              let jose = JWTClaims.dictionary(headerData),
              let payload = Base64URL.decode(parts[1]),
              let claims = JWTClaims.dictionary(payload),
              let signature = Base64URL.decode(parts[2])
        else { throw .invalidToken("The access token is not a JWT (IDX14100).") }
        guard jose["alg"] as? String == "RS256", jose["kid"] as? String == core.key.kid else {
            throw .invalidToken("The token's signing key (kid) is not one of this tenant's keys (IDX10503).")
        }
        let digest = SHA256.hash(data: Data((parts[0] + "." + parts[1]).utf8))
        guard core.key.privateKey.publicKey.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: digest, padding: .insecurePKCS1v1_5)
        else { throw .invalidToken("The token's signature is invalid (IDX10511).") }
        guard let issuer = claims["iss"] as? String, issuer.hasSuffix("/\(core.tenantId)/v2.0") else {
            throw .invalidToken("The token was not issued by this tenant (IDX10205).")
        }
        guard let audience = claims["aud"] as? String, Self.graphAudiences.contains(audience) else {
            throw .invalidToken("Invalid audience: the token is for '\(String(describing: claims["aud"] ?? "nothing").prefix(100))', "
                + "not Microsoft Graph (request a Graph scope such as User.Read).")
        }
        let now = core.clock.now()
        guard let expires = (claims["exp"] as? NSNumber)?.doubleValue, now < expires else {
            throw .invalidToken("Lifetime validation failed, the token is expired.")
        }
        if let notBefore = (claims["nbf"] as? NSNumber)?.doubleValue, now + 300 < notBefore {
            throw .invalidToken("Lifetime validation failed, the token is not yet valid.")
        }
        let granted = (claims["scp"] as? String)?.split(separator: " ").map { $0.lowercased() } ?? []
        guard granted.contains(permission.lowercased()) else { throw .insufficientScope(required: permission) }
        return claims
    }
}
