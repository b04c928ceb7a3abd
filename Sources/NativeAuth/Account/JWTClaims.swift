import Foundation

/// Reads the claims of a JWT (an ID token) without verifying it: the token came straight from the
/// token endpoint over TLS, and the claims are for display and account keys, not for authorization.
enum JWTClaims {
    /// The payload's JSON bytes, or nil when `token` is not a JWT.
    static func payload(of token: String) -> Data? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        guard let data = base64URLDecode(parts[1]),
              (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
        else { return nil }
        return data
    }

    /// Decodes base64url text (no padding needed).
    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// The claims as a dictionary.
    static func dictionary(_ payload: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
    }
}
