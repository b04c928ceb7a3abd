#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// `application/x-www-form-urlencoded` bodies, encoded as the native-auth servers expect.
enum FormEncoding {
    /// Encodes `fields` in order as `key=value&…`.
    static func encode(_ fields: [(String, String)]) -> Data {
        let pairs = fields.map { "\(escape($0.0))=\(escape($0.1))" }
        return Data(pairs.joined(separator: "&").utf8)
    }

    /// Decodes a form body into its fields, in order (`+` is a space). Nil when it is not valid.
    static func decode(_ body: Data) -> [(String, String)]? {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        if text.isEmpty { return [] }
        var fields: [(String, String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = unescape(parts[0]), let value = unescape(parts.count > 1 ? parts[1] : "") else {
                return nil
            }
            fields.append((key, value))
        }
        return fields
    }

    /// RFC 3986's unreserved characters are left as they are; every other byte is percent-encoded (a
    /// space becomes `%20`).
    private static func escape(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.unreserved)
    }

    private static func unescape(_ text: Substring) -> String? {
        PercentEncoding.decode(text.replacing("+", with: " "))
    }
}
