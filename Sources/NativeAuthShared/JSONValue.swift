#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value whose objects keep their members in order, with integers and doubles apart.
///
/// The library reads JSON with it where a value's shape is free (a JWT's claims, a claims request) and
/// writes a sign-up's attributes with it; the emulator keeps free-form user attributes in it; the tests
/// load recorded bodies with it and send them back as bytes; and its string escaper is also
/// `nativeauth --json`'s.
///
/// - ``serialized()`` writes compact JSON, members in their order, `/` and non-ASCII text as they are,
///   `"`, `\` and control characters escaped; a non-finite double is written as `null`.
/// - Decoding (`Decodable`) gives a deterministic order: a JSON object's members come out sorted by key
///   (Swift `String` order, which is byte order for ASCII keys), because `Decoder` does not tell the
///   order of the document. A number that fits an `Int` decodes as ``int(_:)``, any other as ``double(_:)``.
/// - Two values are equal when they serialize to the same text (so member order matters).
package enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The compact JSON text.
    package func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The compact JSON text as UTF-8 bytes.
    package func data() -> Data {
        Data(serialized().utf8)
    }

    private func write(into out: inout String) {
        switch self {
        case .string(let value): Self.appendString(value, to: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.appendString(key, to: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }
}

extension JSONValue {
    /// Which characters of a string ``appendString(_:to:escaping:)`` escapes, and how.
    package enum StringEscaping: Sendable {
        /// `"`, `\`, and the controls U+0000–U+001F: `\n`, `\r` and `\t`, the others `\u00XX`. What
        /// ``serialized()`` writes.
        case compact
        /// As ``compact``, with `\b` and `\f` for the backspace and the form feed (as Foundation's
        /// `JSONSerialization` writes them), and every other control that ``TextControls`` lists (DEL,
        /// the C1 controls, the bidirectional controls, U+2028 and U+2029) as `\uXXXX` too: text that
        /// is safe on a terminal, what `nativeauth --json` prints.
        case terminal
    }

    /// Appends `value` to `out` as a JSON string, quotes included: the one JSON string escaper, for
    /// every JSON text the package writes. `/` and every character not named by `escaping` are
    /// written as they are; an escape of the `\u` form has four lower-case hexadecimal digits.
    ///
    /// ```swift
    /// var out = ""
    /// JSONValue.appendString("a\u{1B}\u{202E}", to: &out, escaping: .terminal)   // "a\u001b\u202e"
    /// ```
    package static func appendString(_ value: String, to out: inout String, escaping: StringEscaping = .compact) {
        out += "\""
        let plain = !value.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        if plain && (escaping == .compact || !TextControls.containsControl(value)) {
            out += value
            out += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}" where escaping == .terminal: out += "\\b"
            case "\u{0C}" where escaping == .terminal: out += "\\f"
            default:
                if scalar.value < 0x20 || (escaping == .terminal && TextControls.isControl(scalar)) {
                    // Every such control is in the Basic Multilingual Plane: one escape of four digits.
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONValue: Codable {
    /// A member name of an object.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes any JSON value; object members come out sorted by key (see the type's notes).
    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            let members = try object.allKeys.map(\.stringValue).sorted().map { name in
                (name, try object.decode(JSONValue.self, forKey: Key(stringValue: name)))
            }
            self = .object(members)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// The JSON value `data` holds (an object, an array, or a bare string, number, `true`, `false` or
    /// `null`); nil when it is not JSON.
    ///
    /// ```swift
    /// JSONValue.decoded(from: Data(#"{"b":1,"a":null}"#.utf8))   // .object([("a", .null), ("b", .int(1))])
    /// ```
    package static func decoded(from data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Encodes the value; object members are handed to the encoder in their order.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in members { try container.encode(value, forKey: Key(stringValue: name)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            default: try container.encodeNil()
            }
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
