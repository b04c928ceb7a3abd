#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the claims of a JWT (an ID token) without verifying it: the token came straight from the
/// token endpoint over TLS, and the claims are for display and account keys, not for authorization.
package enum JWTClaims {
    /// The payload's JSON bytes, or nil when `token` is not a JWT whose payload is a JSON object.
    package static func payload(of token: String) -> Data? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        guard let data = Base64URL.decode(parts[1]), case .object? = JSONValue.decoded(from: data) else { return nil }
        return data
    }

    /// The claims as a dictionary (values as ``JSONValue/anyValue`` gives them: a number is an `Int` when
    /// it fits, else a `Double`); nil when `payload` is not a JSON object.
    package static func dictionary(_ payload: Data) -> [String: Any]? {
        guard let claims = JSONValue.decoded(from: payload), case .object = claims else { return nil }
        return claims.anyValue as? [String: Any]
    }

    /// The claims of `token`; empty when it is not a JWT.
    package static func claims(of token: String) -> [String: Any] {
        payload(of: token).flatMap(dictionary) ?? [:]
    }
}
