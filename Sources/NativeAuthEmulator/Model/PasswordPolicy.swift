/// The tenant's password policy for new passwords (sign-up, and a password reset's new password):
/// the service's documented rules (docs/PROTOCOL.md §7.1): 8 to 256 characters, and at least 3 of
/// the 4 character classes lowercase, uppercase, digit and symbol; plus a list of banned words.
///
/// Seed-file form (every member optional): `{"minLength": 8, "maxLength": 256,
/// "minCharacterClasses": 3, "banned": ["password", "12345678"]}`.
struct PasswordPolicy: Codable, Sendable, Equatable {
    var minLength = 8
    var maxLength = 256
    /// How many of lowercase, uppercase, digit and symbol a password must mix.
    var minCharacterClasses = 3
    /// Words a password may not contain (compared without case).
    var banned = ["password", "12345678", "qwerty"]

    init() {}

    /// Why `password` is refused, or nil when it is acceptable. `isCurrent` says whether it is the
    /// account's current password (a reset may not reuse it; a sign-up has none).
    func violation(of password: String, isCurrent: Bool = false) -> PasswordViolation? {
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .isInvalid
        }
        if password.count < minLength { return .tooShort(minLength) }
        if password.count > maxLength { return .tooLong(maxLength) }
        if isCurrent { return .recentlyUsed }
        let lowered = password.lowercased()
        if banned.contains(where: { !$0.isEmpty && lowered.contains($0.lowercased()) }) { return .banned }
        if characterClasses(of: password) < minCharacterClasses { return .tooWeak(minCharacterClasses) }
        return nil
    }

    /// How many of lowercase, uppercase, digit and symbol `password` uses.
    func characterClasses(of password: String) -> Int {
        var lower = false, upper = false, digit = false, symbol = false
        for character in password {
            if character.isLowercase { lower = true }
            else if character.isUppercase { upper = true }
            else if character.isNumber { digit = true }
            else { symbol = true }
        }
        return [lower, upper, digit, symbol].filter { $0 }.count
    }

    /// Checks the policy's own numbers (a seed file's).
    func validate() throws(SeedFile.Invalid) {
        guard minLength >= 1, maxLength >= minLength, maxLength <= 4096 else {
            throw SeedFile.Invalid(description: "passwordPolicy needs 1 <= minLength <= maxLength <= 4096")
        }
        guard (0...4).contains(minCharacterClasses) else {
            throw SeedFile.Invalid(description: "passwordPolicy.minCharacterClasses must be from 0 to 4")
        }
        guard banned.count <= 1000 else { throw SeedFile.Invalid(description: "passwordPolicy.banned has over 1000 words") }
    }

    enum CodingKeys: String, CodingKey { case minLength, maxLength, minCharacterClasses, banned }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = PasswordPolicy()
        minLength = try container.decodeIfPresent(Int.self, forKey: .minLength) ?? defaults.minLength
        maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength) ?? defaults.maxLength
        minCharacterClasses = try container.decodeIfPresent(Int.self, forKey: .minCharacterClasses) ?? defaults.minCharacterClasses
        banned = try container.decodeIfPresent([String].self, forKey: .banned) ?? defaults.banned
    }
}

/// A password policy's refusal: the suberror the service answers with (docs/PROTOCOL.md §7.1, §11).
enum PasswordViolation: Sendable, Equatable {
    case tooShort(Int), tooLong(Int), tooWeak(Int), recentlyUsed, banned, isInvalid

    var suberror: String {
        switch self {
        case .tooShort: "password_too_short"
        case .tooLong: "password_too_long"
        case .tooWeak: "password_too_weak"
        case .recentlyUsed: "password_recently_used"
        case .banned: "password_banned"
        case .isInvalid: "password_is_invalid"
        }
    }

    var message: String {
        switch self {
        case .tooShort(let length): "New password is too short: it needs at least \(length) characters."
        case .tooLong(let length): "New password is too long: it may have at most \(length) characters."
        case .tooWeak(let classes): "New password is too weak: it needs at least \(classes) of lowercase letters, uppercase letters, digits and symbols."
        case .recentlyUsed: "New password was used recently."
        case .banned: "New password contains a banned word or pattern."
        case .isInvalid: "New password contains characters that are not allowed."
        }
    }
}
