import Foundation

/// Stable machine-readable output: keys sorted, dates in ISO 8601 (UTC, whole seconds), no tokens
/// except where `token` prints one.
enum JSONOutput {
    /// Prints `object` as pretty-printed JSON with sorted keys on standard output.
    static func print(_ object: [String: Any]) {
        Console.result(render(object))
    }

    static func render(_ object: [String: Any]) -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: sanitize(object), options: options),
              let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text
    }

    /// `2026-01-01T10:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Turns values JSONSerialization cannot write (dates, NSNull-free optionals) into ones it can.
    private static func sanitize(_ value: Any) -> Any {
        switch value {
        case let date as Date: return timestamp(date)
        case let dictionary as [String: Any]: return dictionary.mapValues(sanitize)
        case let array as [Any]: return array.map(sanitize)
        default: return value
        }
    }
}
