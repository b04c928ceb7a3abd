import Foundation

/// Any JSON value, so a recording can hold a response body as a JSON object and send it back as bytes.
public enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers go out without a fraction, as a server writes them (`"expires_in": 4141`).
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value with `target` replaced by `replacement` in every string value, at any depth (object
    /// keys are left alone).
    public func replacingOccurrences(of target: String, with replacement: String) -> JSONValue {
        switch self {
        case .string(let value): .string(value.replacingOccurrences(of: target, with: replacement))
        case .array(let values): .array(values.map { $0.replacingOccurrences(of: target, with: replacement) })
        case .object(let fields): .object(fields.mapValues { $0.replacingOccurrences(of: target, with: replacement) })
        case .null, .bool, .number: self
        }
    }

    /// The value as JSON bytes (keys sorted, so a body is stable from run to run).
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
