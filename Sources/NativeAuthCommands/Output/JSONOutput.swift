#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Stable machine-readable output: keys sorted, dates in ISO 8601 (UTC, whole seconds), no tokens
/// except where `token` prints one, laid out by ``PrettyJSON``. Every control of ``TextControls``
/// inside a string is written as an escape (`\n`, `\u001b`, `\u202e`, …), so the output is safe on
/// a terminal too.
enum JSONOutput {
    /// Prints `object` as pretty-printed JSON with sorted keys on `console`'s standard output.
    static func print(_ object: [String: Any], to console: Console) {
        console.result(render(object))
    }

    /// `object` as ``print(_:to:)`` writes it; `{}` when a value is not of a JSON type.
    static func render(_ object: [String: Any]) -> String {
        guard let value = json(object) else { return "{}" }
        return PrettyJSON.text(of: value)
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
