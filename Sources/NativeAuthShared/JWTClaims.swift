import Foundation

/// Reads the claims of a JWT (an ID token) without verifying it: the token came straight from the
/// token endpoint over TLS, and the claims are for display and account keys, not for authorization.
package enum JWTClaims {
    /// The payload's JSON bytes, or nil when `token` is not a JWT whose payload is a JSON object.
    package static func payload(of token: String) -> Data? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        guard let data = Base64URL.decode(parts[1]),
              (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
        else { return nil }
        return data
    }

    /// The claims as a dictionary.
    package static func dictionary(_ payload: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
    }

    /// The claims of `token`; empty when it is not a JWT.
    package static func claims(of token: String) -> [String: Any] {
        payload(of: token).flatMap(dictionary) ?? [:]
    }
}
