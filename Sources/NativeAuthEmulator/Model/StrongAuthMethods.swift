import Foundation
import NativeAuthShared

/// A user's strong authentication (docs/EMULATOR.md "MFA"): the second factors they registered, or
/// that they must register one before tokens are issued.
///
/// Password users may have any. An email-code (OTP) user may have SMS second factors only, and no
/// duty to register: where the sources disagree, this follows the tenant documentation. The native
/// authentication reference (docs/PROTOCOL.md §3.4) and its email-MFA tutorial say MFA follows an
/// email + password first factor; Entra External ID's MFA page says the second factors on offer
/// depend on the first, and that a user who signs in with an email one-time passcode cannot use
/// email as the second factor, leaving SMS; Microsoft's announcement of SMS second factors for
/// native authentication lists both first factors. No public recording shows an `oob` grant
/// answered `mfa_required`, so that answer is modelled on the password grant's.
///
/// In a seed file, per user: `"mfa": {"methods": [{"channel": "email", "target": "mfauser@example.com"},
/// {"channel": "sms", "target": "+1 425 555 0100"}]}`, or `"mfa": {"register": true}`. With
/// `"onlyForContexts": true` the methods are asked for only when a claims request names an
/// authentication context tied to a second factor (``AuthenticationContext``), not at every sign-in.
/// With `"noDefaultMethod": true` (methods required) the user has no default second factor: the
/// sign-in's first `/oauth2/v2.0/challenge` answers `introspect_required` (``StrongAuthGate/introspectFirst(_:user:state:now:configuration:)``).
struct UserStrongAuth: Codable, Sendable, Equatable {
    /// The registered second factors, in the order the server lists them.
    var methods: [StrongAuthMethod]
    /// The user must register a method first (then `methods` is empty).
    var register: Bool?
    /// No policy asks every sign-in for the second factor: only an authentication context does.
    var onlyForContexts: Bool? = nil
    /// The user has no default second factor: the sign-in's challenge asks the client to list the methods.
    var noDefaultMethod: Bool? = nil

    /// The most methods a user may have.
    static let maximumMethods = 8

    enum CodingKeys: String, CodingKey { case methods, register, onlyForContexts, noDefaultMethod }

    init(methods: [StrongAuthMethod], register: Bool?) {
        self.methods = methods
        self.register = register
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        methods = try container.decodeIfPresent([StrongAuthMethod].self, forKey: .methods) ?? []
        register = try container.decodeIfPresent(Bool.self, forKey: .register)
        onlyForContexts = try container.decodeIfPresent(Bool.self, forKey: .onlyForContexts)
        noDefaultMethod = try container.decodeIfPresent(Bool.self, forKey: .noDefaultMethod)
    }

    /// What every sign-in of this user needs before tokens are issued (an authentication context
    /// may ask more: ``StrongAuthGate``).
    var requirement: Requirement? {
        if onlyForContexts == true { return nil }
        if register == true { return .registration }
        return methods.isEmpty ? nil : .mfa
    }

    enum Requirement { case mfa, registration }

    /// Checks a seed entry of a user who signs in with `method` and gives each method an id (kept
    /// from `existing` for the same method).
    func validated(user: String, method signIn: SignInMethod, existing: UserStrongAuth?) throws(SeedFile.Invalid) -> UserStrongAuth {
        if signIn == .otp {
            // Email cannot be the second factor of an email first factor; registration would offer it.
            guard register != true, methods.allSatisfy({ $0.channel == .sms }) else {
                throw SeedFile.Invalid(description: "user '\(user)' signs in with an email code: mfa may only list sms methods (no email, no register)")
            }
        }
        guard methods.count <= Self.maximumMethods else {
            throw SeedFile.Invalid(description: "user '\(user)' has over \(Self.maximumMethods) mfa methods")
        }
        if noDefaultMethod == true, methods.isEmpty {
            throw SeedFile.Invalid(description: "user '\(user)': mfa's noDefaultMethod needs methods to list")
        }
        if register == true, !methods.isEmpty {
            throw SeedFile.Invalid(description: "user '\(user)': mfa has methods and register; give one of them")
        }
        var checked: [StrongAuthMethod] = []
        for method in methods {
            guard let target = ContactRules.normalized(method.target, channel: method.channel) else {
                throw SeedFile.Invalid(description: "user '\(user)': '\(method.target)' is not a valid \(method.channel.rawValue) target")
            }
            let known = existing?.methods.first { $0.channel == method.channel && $0.target == target }
            let id = method.id.isEmpty ? (known?.id ?? UUID().uuidString.lowercased()) : method.id
            checked.append(StrongAuthMethod(id: id, channel: method.channel, target: target))
        }
        var result = UserStrongAuth(methods: checked, register: register == true ? true : nil)
        result.onlyForContexts = onlyForContexts == true ? true : nil
        result.noDefaultMethod = noDefaultMethod == true ? true : nil
        return result
    }
}

/// One registered second factor: where its codes go.
struct StrongAuthMethod: Codable, Sendable, Equatable {
    enum Channel: String, Codable, Sendable { case email, sms }

    /// The id `/oauth2/v2.0/introspect` lists (a GUID); given on import or generated.
    var id: String
    var channel: Channel
    /// The address or phone number (E.164 after normalisation).
    var target: String

    enum CodingKeys: String, CodingKey { case id, channel, target }

    init(id: String, channel: Channel, target: String) {
        self.id = id
        self.channel = channel
        self.target = target
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? ""
        channel = try container.decode(Channel.self, forKey: .channel)
        target = try container.decode(String.self, forKey: .target)
    }

    /// How the server shows the target: a masked address or number.
    var maskedTarget: String { ContactRules.mask(target, channel: channel) }
}

/// The emulator's rules for verification contacts (an address, or an SMS number).
enum ContactRules {
    /// Numbers that start with this are "blocked by reputation checks" (`+999` is no country's code).
    static let blockedPrefix = "+999"

    /// The contact in its stored form (an address trimmed; a number as `+` and 7 to 15 digits), or
    /// nil when it is not a valid one.
    static func normalized(_ raw: String, channel: StrongAuthMethod.Channel) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        switch channel {
        case .email:
            return trimmed.contains("@") && UsernameRules.isWellFormed(trimmed) ? trimmed : nil
        case .sms:
            guard trimmed.hasPrefix("+") else { return nil }
            let rest = trimmed.dropFirst().filter { $0 != " " && $0 != "-" }
            guard (7...15).contains(rest.count), rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return "+" + rest
        }
    }

    /// The channel a contact looks like it is for: an address for email, `+…` for SMS.
    static func channel(of contact: String) -> StrongAuthMethod.Channel {
        contact.trimmingCharacters(in: .whitespaces).hasPrefix("+") ? .sms : .email
    }

    /// Whether SMS to the (normalised) number is refused.
    static func isBlocked(_ contact: String, channel: StrongAuthMethod.Channel) -> Bool {
        channel == .sms && contact.hasPrefix(blockedPrefix)
    }

    /// An address masked as codes' targets are; a number as the reference shows one
    /// (`+1********6`: the first two characters and the last digit).
    static func mask(_ contact: String, channel: StrongAuthMethod.Channel) -> String {
        switch channel {
        case .email:
            return EmailMasking.mask(contact)
        case .sms:
            guard contact.count > 3 else { return String(repeating: "*", count: contact.count) }
            return String(contact.prefix(2)) + String(repeating: "*", count: contact.count - 3) + String(contact.suffix(1))
        }
    }
}
