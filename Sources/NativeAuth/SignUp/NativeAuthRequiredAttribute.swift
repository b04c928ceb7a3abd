/// A user attribute the server asks for before it creates the account (`attributes_required`).
///
/// Submit a value for each on ``SignUpAttributesRequiredState/submitAttributes(attributes:)``, keyed by
/// ``name`` (built-in names such as `displayName`, or `extension_<app id>_<name>` for custom ones).
public struct NativeAuthRequiredAttribute: Sendable, Hashable {
    /// The attribute's programmatic name, the key to submit its value under.
    public let name: String
    /// Its type as the server names it (`string`, …).
    public let type: String
    /// Whether the account cannot be created without it.
    public let required: Bool
    /// A pattern the value must match, when the tenant set one.
    public let regex: String?

    /// Creates an attribute description (the library builds these from the server's answer).
    public init(name: String, type: String, required: Bool, regex: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    /// At most this many attributes are read from one answer.
    static let maximumCount = 100

    /// The usable entries of `required_attributes`: each with a name of at most
    /// ``SignUpAttributes/maximumNameLength`` characters; a missing type reads `string`, a missing
    /// flag `true` (the server lists them because it needs them), a pattern over 1024 characters is dropped.
    static func read(_ bodies: [RequiredAttributeBody]) -> [NativeAuthRequiredAttribute] {
        bodies.prefix(maximumCount).compactMap { body in
            guard let name = body.name, !name.isEmpty, name.count <= SignUpAttributes.maximumNameLength else { return nil }
            let type = body.type.flatMap { $0.isEmpty || $0.count > 64 ? nil : $0 } ?? "string"
            let regex = body.regex.flatMap { $0.count > 1024 ? nil : $0 }
            return NativeAuthRequiredAttribute(name: name, type: type, required: body.required ?? true, regex: regex)
        }
    }
}
