import Foundation

/// How a recorded header or form value is compared with what the client sent.
///
/// - `"<any>"`: any value, but the header or field must be present.
/// - `"<flow-id>"`: an uppercase UUID, the same one on every request of the scenario.
/// - `"<uuid>"`: any uppercase UUID (for requests that start a new correlation, such as a refresh).
/// - anything else: that exact value.
public enum ExpectedValue: Equatable, Sendable {
    case any
    case flowId
    case uuid
    case literal(String)

    public init(_ recorded: String) {
        switch recorded {
        case "<any>": self = .any
        case "<flow-id>": self = .flowId
        case "<uuid>": self = .uuid
        default: self = .literal(recorded)
        }
    }

    /// Whether `value` is an uppercase UUID such as `3F2504E0-4F89-11D3-9A0C-0305E82C3301`.
    public static func isUppercaseUUID(_ value: String) -> Bool {
        UUID(uuidString: value) != nil && value == value.uppercased()
    }
}
