#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Stable machine-readable output: keys sorted, dates in ISO 8601 (UTC, whole seconds), no tokens
/// except where `token` prints one, laid out by ``PrettyJSON``. Every control of ``TextControls``
/// inside a string is written as `\uXXXX` (the layout escapes the C0 controls only; DEL, the C1
/// controls, the bidirectional controls and U+2028/U+2029 it writes as they are), so the output is
/// safe on a terminal too.
enum JSONOutput {
    /// Prints `object` as pretty-printed JSON with sorted keys on standard output.
    static func print(_ object: [String: Any]) {
        Console.result(render(object))
    }

    /// `object` as ``print(_:)`` writes it; `{}` when a value is not of a JSON type.
    static func render(_ object: [String: Any]) -> String {
        guard let value = json(object) else { return "{}" }
        return escapingControls(PrettyJSON.text(of: value))
    }

    /// `json` with every control but the line feeds between values written as `\uXXXX`. Outside
    /// its strings, JSON holds only ASCII and white space, and inside them the layout already
    /// escaped the line feed, so every other control found is inside a string.
    static func escapingControls(_ json: String) -> String {
        guard TextControls.containsControl(json) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar != "\n" && TextControls.isControl(scalar) {
                // Every control of TextControls is in the Basic Multilingual Plane: one \u escape.
                escaped.append(contentsOf: unicodeEscape(scalar).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// `\u` and the four lower-case hexadecimal digits of a scalar of the Basic Multilingual Plane.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `2026-01-01T10:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// The JSON form of a value of the commands' output objects: strings, `Bool`, integers, finite
    /// doubles, dates (as ``timestamp(_:)``), `nil` (as `null`), ``JSONValue``s, and arrays and
    /// `[String: Any]` dictionaries of them; nil for anything else.
    private static func json(_ value: Any) -> JSONValue? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return json(wrapped)
        }
        switch value {
        case let json as JSONValue: return json
        case let text as String: return .string(text)
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let number as Int: return .int(number)
        case let number as Double: return number.isFinite ? .double(number) : nil
        case let date as Date: return .string(timestamp(date))
        case let array as [Any]:
            var items: [JSONValue] = []
            for item in array {
                guard let converted = json(item) else { return nil }
                items.append(converted)
            }
            return .array(items)
        case let object as [String: Any]:
            var members: [(String, JSONValue)] = []
            for (key, member) in object {
                guard let converted = json(member) else { return nil }
                members.append((key, converted))
            }
            return .object(members)
        default:
            return nil
        }
    }
}
