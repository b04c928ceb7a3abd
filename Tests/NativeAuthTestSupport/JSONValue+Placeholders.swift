import NativeAuthShared

extension JSONValue {
    /// The value with `target` replaced by `replacement` in every string value, at any depth (object
    /// keys are left alone): how a recording's `"<flow-id>"` placeholders are filled in.
    package func replacingOccurrences(of target: String, with replacement: String) -> JSONValue {
        switch self {
        case .string(let value): .string(value.replacingOccurrences(of: target, with: replacement))
        case .array(let values): .array(values.map { $0.replacingOccurrences(of: target, with: replacement) })
        case .object(let members): .object(members.map { ($0.0, $0.1.replacingOccurrences(of: target, with: replacement)) })
        case .null, .bool, .int, .double: self
        }
    }
}
