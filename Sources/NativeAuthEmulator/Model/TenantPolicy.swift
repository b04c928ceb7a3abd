import Foundation
import NativeAuthShared

/// The tenant's sign-up user flow: which method new users sign up with, the password policy, and
/// the user attributes collected (docs/EMULATOR.md "Sign-up"). From the seed file's `signUp` member:
///
/// ```json
/// {"signUp": {"method": "password",
///             "passwordPolicy": {"minLength": 8, "maxLength": 256, "minCharacterClasses": 3, "banned": ["password"]},
///             "attributes": [{"name": "displayName", "type": "string", "required": true},
///                            {"name": "extension_0a1b2c3d_favoriteColor", "required": false, "regex": "^[a-z]+$"}]}}
/// ```
struct TenantPolicy: Codable, Sendable, Equatable {
    /// How new users sign up.
    enum Method: String, Codable, Sendable {
        /// Email one-time passcode.
        case otp
        /// Email and password (the address is verified with a code first).
        case password
        /// Email and password when the client's `challenge_type` has `password`, else email one-time
        /// passcode: as a tenant with one user flow per app.
        case any
    }

    var method: Method
    var passwordPolicy: PasswordPolicy
    var attributes: [UserAttributeRule]
    /// Users who sign up with a password must register a second factor (email or SMS) before
    /// their first tokens: the sign-in that ends the sign-up answers `registration_required`.
    var requireMFA: Bool = false
    /// Users who sign up with a password get a second factor at once: `email`, the address the
    /// sign-up verified. The sign-in that ends the sign-up (and every later one) answers `mfa_required`,
    /// as for a tenant whose Conditional Access asks every sign-in for MFA, with email one-time
    /// passcodes enabled as a second factor. (Whether the service asks again for the address the
    /// sign-up has just verified is not documented; docs/PROTOCOL.md §3.4 says a registration that
    /// just verified it counts as satisfied. This option is the case where it asks.)
    var newUserSecondFactor: StrongAuthMethod.Channel? = nil
    /// API V2's sign-up asks for everything before it sends the code, as the sources show the
    /// service's (the credentials, then the attributes, each page with its true `required`), instead
    /// of V1's order (docs/EMULATOR.md "API V2").
    var v2AttributesBeforeCode = false

    /// At most this many attributes in a policy.
    static let maximumAttributes = 50

    /// With no seed: either method, the default password policy, a required `displayName` and an optional `city`.
    static let standard = TenantPolicy(
        method: .any, passwordPolicy: PasswordPolicy(),
        attributes: [UserAttributeRule(name: "displayName", required: true), UserAttributeRule(name: "city")])

    init(method: Method, passwordPolicy: PasswordPolicy, attributes: [UserAttributeRule]) {
        self.method = method
        self.passwordPolicy = passwordPolicy
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey { case method, passwordPolicy, attributes, requireMFA, newUserSecondFactor, v2AttributesBeforeCode }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decodeIfPresent(Method.self, forKey: .method) ?? Self.standard.method
        passwordPolicy = try container.decodeIfPresent(PasswordPolicy.self, forKey: .passwordPolicy) ?? PasswordPolicy()
        attributes = try container.decodeIfPresent([UserAttributeRule].self, forKey: .attributes) ?? Self.standard.attributes
        requireMFA = try container.decodeIfPresent(Bool.self, forKey: .requireMFA) ?? false
        newUserSecondFactor = try container.decodeIfPresent(StrongAuthMethod.Channel.self, forKey: .newUserSecondFactor)
        v2AttributesBeforeCode = try container.decodeIfPresent(Bool.self, forKey: .v2AttributesBeforeCode) ?? false
    }

    /// The strong authentication of a user who signed up with `method` at `address`: none, the duty to
    /// register one (`requireMFA`), or the address as second factor (`newUserSecondFactor`). Only
    /// password accounts: MFA follows email + password (docs/PROTOCOL.md §3.4).
    func strongAuth(ofNewUser method: SignInMethod, address: String) -> UserStrongAuth? {
        guard method == .password else { return nil }
        if requireMFA { return UserStrongAuth(methods: [], register: true) }
        guard newUserSecondFactor == .email else { return nil }
        return UserStrongAuth(methods: [StrongAuthMethod(id: UUID().uuidString.lowercased(), channel: .email, target: address)], register: nil)
    }

    /// The method a sign-up with the client's `challenge_type` list gets, or nil when the client
    /// cannot handle the tenant's method (then the server redirects). Every method needs `oob`: the
    /// address is verified with a code.
    func signUpMethod(clientTypes: [String]) -> SignInMethod? {
        guard clientTypes.contains("oob") else { return nil }
        switch method {
        case .otp: return .otp
        case .password: return clientTypes.contains("password") ? .password : nil
        case .any: return clientTypes.contains("password") ? .password : .otp
        }
    }

    /// The rule for an attribute name, if the policy collects it.
    func rule(_ name: String) -> UserAttributeRule? {
        attributes.first { $0.name == name }
    }

    /// Checks a seed file's policy.
    func validate() throws(SeedFile.Invalid) {
        try passwordPolicy.validate()
        if requireMFA, newUserSecondFactor != nil {
            throw SeedFile.Invalid(description: "signUp has requireMFA and newUserSecondFactor; give one of them")
        }
        // A new user has no phone number to send codes to: only the verified address can be given.
        if let channel = newUserSecondFactor, channel != .email {
            throw SeedFile.Invalid(description: "signUp.newUserSecondFactor can only be \"email\" (the address the sign-up verified)")
        }
        guard attributes.count <= Self.maximumAttributes else {
            throw SeedFile.Invalid(description: "signUp.attributes has over \(Self.maximumAttributes) attributes")
        }
        var names = Set<String>()
        for rule in attributes {
            try rule.validate()
            guard names.insert(rule.name).inserted else {
                throw SeedFile.Invalid(description: "signUp.attributes names '\(rule.name)' twice")
            }
        }
    }
}
