import Foundation
import NativeAuthShared

/// Stable machine-readable output: keys sorted, dates in ISO 8601 (UTC, whole seconds), no tokens
/// except where `token` prints one. Every control of ``TextControls`` inside a string is written as
/// `\uXXXX` (JSONSerialization escapes the C0 controls only; DEL, the C1 controls, the bidirectional
/// controls and U+2028/U+2029 it writes as they are), so the output is safe on a terminal too.
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
        return escapingControls(text)
    }

    /// `json` with every control but the line feeds between values written as `\uXXXX`. Outside
    /// its strings, JSON holds only ASCII and white space, and inside them JSONSerialization already
    /// escaped the line feed, so every other control found is inside a string.
    static func escapingControls(_ json: String) -> String {
        guard TextControls.containsControl(json) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar != "\n" && TextControls.isControl(scalar) {
                // Every control of TextControls is in the Basic Multilingual Plane: one \u escape.
                escaped.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
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
