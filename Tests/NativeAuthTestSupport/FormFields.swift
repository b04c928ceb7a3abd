import Foundation

/// Reads an `application/x-www-form-urlencoded` body back into its fields, in order.
public enum FormFields {
    /// The fields of `body` (`+` is a space); nil when a pair cannot be percent-decoded.
    public static func decode(_ body: Data) -> [(name: String, value: String)]? {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        if text.isEmpty { return [] }
        var fields: [(name: String, value: String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]), let value = unescape(parts.count > 1 ? parts[1] : "") else { return nil }
            fields.append((name, value))
        }
        return fields
    }

    /// The fields of `body` as a dictionary (the last value wins); empty when it is not a form.
    public static func dictionary(_ body: Data) -> [String: String] {
        Dictionary((decode(body) ?? []).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    private static func unescape(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
