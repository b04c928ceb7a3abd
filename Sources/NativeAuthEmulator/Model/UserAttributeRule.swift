import Foundation
import NativeAuthShared

/// One user attribute the tenant's sign-up collects: a built-in one (`displayName`, `city`, …) or a
/// custom one (`extension_<app id>_<name>`), with its type, whether the account needs it, and an
/// optional pattern (docs/PROTOCOL.md §7.4).
///
/// Seed-file form: `{"name": "postalCode", "type": "string", "required": true, "regex": "^[0-9]{5}$"}`
/// (`type` is `string`, `boolean` or `int`, default `string`; `required` defaults to false).
struct UserAttributeRule: Codable, Sendable, Equatable {
    enum ValueType: String, Codable, Sendable {
        case string, boolean, int
    }

    var name: String
    var type: ValueType
    var required: Bool
    var regex: String?

    /// The longest string value accepted.
    static let maximumValueLength = 1024

    init(name: String, type: ValueType = .string, required: Bool = false, regex: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    enum CodingKeys: String, CodingKey { case name, type, required, regex }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decodeIfPresent(ValueType.self, forKey: .type) ?? .string
        required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
        regex = try container.decodeIfPresent(String.self, forKey: .regex)
    }

    /// Whether `value` is acceptable: of the attribute's type (a string, or for `boolean` and `int`
    /// also their text, as the service's text boxes send them), not empty, and matching the pattern.
    func accepts(_ value: JSONValue) -> Bool {
        let text: String
        switch (type, value) {
        case (.string, .string(let string)): text = string
        case (.boolean, .bool): return true
        case (.boolean, .string(let string)): return ["true", "false"].contains(string.lowercased())
        case (.int, .int): return true
        case (.int, .string(let string)): text = string
            guard string.wholeMatch(of: /-?[0-9]{1,18}/) != nil else { return false }
        default: return false
        }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= Self.maximumValueLength else { return false }
        guard let regex, let expression = try? NSRegularExpression(pattern: "^(?:\(regex))$") else { return true }
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, range: range) != nil
    }

    /// The attribute as `required_attributes` lists it.
    var requiredAttribute: ProtocolErrorBody.RequiredAttribute {
        .init(name: name, type: type.rawValue, required: required, options: regex.map { .init(regex: $0) })
    }

    /// Checks a seed file's rule: a programmatic name, and a pattern that compiles.
    func validate() throws(SeedFile.Invalid) {
        guard name.count <= 256, name.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/) != nil else {
            throw SeedFile.Invalid(description: "signUp.attributes: '\(name)' is not an attribute name (letters, digits and _)")
        }
        if let regex {
            guard regex.count <= 1024, (try? NSRegularExpression(pattern: regex)) != nil else {
                throw SeedFile.Invalid(description: "signUp.attributes: the regex of '\(name)' does not compile")
            }
        }
    }
}
