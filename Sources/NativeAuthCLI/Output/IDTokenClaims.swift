import Foundation

/// The claims of a stored ID token, read for `status` (no signature check: the token came from the
/// server the account signed in at, and only its claims are shown).
enum IDTokenClaims {
    static func claims(of idToken: String?) -> [String: Any] {
        guard let idToken else { return [:] }
        let parts = idToken.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return [:] }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}
