import Foundation
import NativeAuthShared

/// Reads a sign-up's `attributes` field (a JSON object as text) against the tenant's policy.
enum SignUpAttributeCheck {
    /// At most this many members in one `attributes` object.
    static let maximumCount = 100

    /// The values to keep: those of attributes the policy collects (unknown names are ignored, as
    /// the service does; once the address is verified, only required attributes are still taken).
    /// Throws `invalid_request` when the field is not a JSON object, and `attribute_validation_failed`
    /// naming every value the policy refuses.
    static func accepted(_ raw: String?, policy: TenantPolicy, onlyRequired: Bool) throws(ProtocolError) -> [String: JSONValue] {
        guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else { return [:] }
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(raw.utf8)) else {
            throw ProtocolError.invalidAttributesParameter("it must be a JSON object of attribute names and values.")
        }
        return try accepted(members, policy: policy, onlyRequired: onlyRequired)
    }

    /// ``accepted(_:policy:onlyRequired:)`` for the members of an object already read (V2's JSON
    /// `attributes`).
    static func accepted(_ members: [(String, JSONValue)], policy: TenantPolicy, onlyRequired: Bool) throws(ProtocolError) -> [String: JSONValue] {
        guard members.count <= maximumCount else {
            throw ProtocolError.invalidAttributesParameter("it has more than \(maximumCount) attributes.")
        }
        var accepted: [String: JSONValue] = [:]
        var refused: [String] = []
        for (name, value) in members {
            guard let rule = policy.rule(name), !onlyRequired || rule.required else { continue }
            if rule.accepts(value) { accepted[name] = value } else { refused.append(name) }
        }
        guard refused.isEmpty else { throw ProtocolError.attributeValidationFailed(refused.sorted()) }
        return accepted
    }
}
