#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// An API's `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3), read for the one case the library
/// acts on: a claims challenge, `error="insufficient_claims", claims="<base64 JSON>"`, as Microsoft
/// Graph sends under continuous access evaluation (and any API protected by Conditional Access
/// authentication contexts).
struct BearerChallenge: Sendable, Equatable {
    /// The `error` parameter.
    var error: String?
    /// The `claims` parameter, as sent (base64 of a JSON claims request).
    var claims: String?

    /// The longest header read; a longer one is not a challenge the library acts on.
    static let maximumLength = 32 * 1024

    /// The `claims` of a claims challenge in `header`, or nil when the header is not one.
    static func insufficientClaims(in header: String?) -> String? {
        guard let header, let challenge = BearerChallenge(header: header),
              challenge.error == "insufficient_claims", let claims = challenge.claims, !claims.isEmpty
        else { return nil }
        return claims
    }

    /// Reads the first `Bearer` challenge of `header`: its `auth-param`s, quoted or not.
    init?(header: String) {
        guard header.utf8.count <= Self.maximumLength else { return nil }
        let text = Substring(header)
        // The scheme, after nothing but spaces and commas, in any case.
        let scheme = text.drop { $0 == " " || $0 == "," }
        guard scheme.prefix(6).lowercased() == "bearer" else { return nil }
        var rest = scheme.dropFirst(6)
        var parameters: [String: String] = [:]
        while true {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmed(.whitespaces).lowercased()
            // A name with a space is the next scheme's: this challenge ends there.
            guard !name.isEmpty, !name.contains(" ") else { break }
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped { value.append(character); escaped = false; continue }
                    if character == "\\" { escaped = true; continue }
                    if character == "\"" { closed = true; break }
                    value.append(character)
                }
                guard closed else { return nil }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmed(.whitespaces)
                rest = rest[end...]
            }
            if parameters[name] == nil { parameters[name] = value }
        }
        error = parameters["error"]
        claims = parameters["claims"]
    }
}
