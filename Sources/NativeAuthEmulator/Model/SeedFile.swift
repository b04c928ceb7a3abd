import Foundation
import NativeAuthShared

/// The users JSON accepted by the seed file and `POST /_emulator/users`, and produced by
/// `GET /_emulator/users`: `{"users":[{"id","username","method","password","displayName","attributes","browserOnly","mfa"}]}`
/// (`mfa`: ``UserStrongAuth``).
/// An export carries `passwordHash` instead of `password`; either is accepted on import. A seed
/// file may also hold the tenant's sign-up policy, `"signUp": {…}` (``TenantPolicy``), which
/// `POST /_emulator/users` ignores; `users` may then be left out. Likewise `"passwordReset": {…}`
/// (``PasswordResetSettings``), and `"authenticationContexts": […]` (``AuthenticationContext``).
struct SeedFile: Codable, Sendable {
    struct User: Codable, Sendable {
        /// The object ID: an export's, kept by an import (a new user without one gets its own).
        var id: String? = nil
        var username: String
        var method: SignInMethod
        var password: String?
        var passwordHash: String?
        var displayName: String?
        var attributes: [String: JSONValue]?
        /// The user signs in only in the browser: native sign-in is answered with the redirect.
        var browserOnly: Bool?
        /// The user's second factors, or `{"register": true}` (password users only; an email-code
        /// user may have SMS second factors: ``UserStrongAuth``).
        var mfa: UserStrongAuth? = nil
        /// The account is disabled: it cannot sign in.
        var disabled: Bool? = nil

        /// The username the user is recorded under: the one given without white space around it.
        var recordedUsername: String {
            username.trimmingCharacters(in: .whitespaces)
        }
    }

    var users: [User]
    /// Whether the JSON had a `users` member (a seed may leave it out; an import may not: it replaces
    /// the tenant's users). Not encoded.
    var hasUsersMember = true
    var signUp: TenantPolicy?
    /// How password resets complete (``PasswordResetSettings``).
    var passwordReset: PasswordResetSettings.Seed? = nil
    /// The tenant's Conditional Access authentication contexts (``AuthenticationContext``).
    var authenticationContexts: [AuthenticationContext]? = nil

    /// Problems that make a seed unusable.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// The same seed with each password user's plain password turned into its hash, as
    /// ``records(existing:tenantId:)`` would do it: done before a transaction, so that a large
    /// seed's hashing (PBKDF2, milliseconds a user) does not hold the transaction open, while other
    /// instances on the same PostgreSQL database wait for its lock (and PostgreSQL ends a session
    /// idle in a transaction for a minute: ``PostgresStateDatabase``).
    func withPasswordsHashed() -> SeedFile {
        var hashed = self
        for index in hashed.users.indices where hashed.users[index].method == .password {
            guard let password = hashed.users[index].password, !password.isEmpty else { continue }
            hashed.users[index].passwordHash = PasswordHasher.hash(password)
            hashed.users[index].password = nil
        }
        return hashed
    }

    /// Turns the seed entries into user records, hashing plain passwords. A user already in
    /// `existing` keeps its ID; a new one gets ``UserRecord/stableID(username:tenantId:)`` when
    /// `tenantId` is given (the demo users and the seed file's, so they keep their IDs across resets
    /// and restarts), else a random one. Refused (``checkDistinct(_:existing:)``) when two of them
    /// would be one user.
    func records(existing: [String: UserRecord], tenantId: String? = nil) throws -> [UserRecord] {
        let records = try users.map { user in
            let name = user.recordedUsername
            guard UsernameRules.isWellFormed(name) else {
                throw Invalid(description: "invalid username '\(user.username)'")
            }
            var hash: String?
            if user.method == .password {
                if let password = user.password, !password.isEmpty {
                    hash = PasswordHasher.hash(password)
                } else if let stored = user.passwordHash, PasswordHasher.isWellFormed(stored) {
                    hash = stored
                } else if user.passwordHash != nil {
                    throw Invalid(description: "password user '\(name)': its passwordHash is not pbkdf2-sha256$ROUNDS$SALT$HASH "
                        + "with 1 to \(PasswordHashFormat.maximumRounds) rounds (an export's form)")
                } else {
                    throw Invalid(description: "password user '\(name)' needs a password or passwordHash")
                }
            }
            if let given = user.id, UUID(uuidString: given) == nil {
                throw Invalid(description: "user '\(name)': id '\(given)' is not a GUID")
            }
            let id = user.id?.lowercased() ?? existing[UserRecord.key(name)]?.id
                ?? tenantId.map { UserRecord.stableID(username: name, tenantId: $0) } ?? UUID().uuidString.lowercased()
            let display = user.displayName ?? String(name.split(separator: "@").first ?? Substring(name))
            var mfa: UserStrongAuth?
            if let given = user.mfa {
                mfa = try given.validated(user: name, method: user.method, existing: existing[UserRecord.key(name)]?.mfa)
            }
            return UserRecord(id: id, username: name, displayName: display, method: user.method, passwordHash: hash,
                              attributes: user.attributes, browserOnly: user.browserOnly == true ? true : nil, mfa: mfa,
                              disabled: user.disabled == true ? true : nil)
        }
        try Self.checkDistinct(records, existing: existing)
        return records
    }

    /// The export form of a list of users.
    static func export(_ users: [UserRecord]) -> SeedFile {
        SeedFile(users: users.sorted { $0.username < $1.username }.map {
            User(id: $0.id, username: $0.username, method: $0.method, password: nil, passwordHash: $0.passwordHash,
                 displayName: $0.displayName, attributes: $0.attributes, browserOnly: $0.browserOnly, mfa: $0.mfa,
                 disabled: $0.disabled)
        })
    }
}

extension SeedFile {
    enum CodingKeys: String, CodingKey { case users, signUp, passwordReset, authenticationContexts }

    /// Reads a seed file: `users` may be left out (a file holding only the sign-up policy). A member
    /// of another name is refused, naming it: a misspelt `users` or `signUp` must not quietly mean
    /// none.
    init(from decoder: any Decoder) throws {
        let unknown = try decoder.container(keyedBy: AnyMemberName.self).allKeys.map(\.stringValue)
            .filter { CodingKeys(stringValue: $0) == nil }.sorted()
        guard unknown.isEmpty else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "unknown member \(unknown.map { "'\($0)'" }.joined(separator: ", ")) (the members "
                    + "are users, signUp, passwordReset and authenticationContexts)"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasUsersMember = container.contains(.users)
        users = try container.decodeIfPresent([User].self, forKey: .users) ?? []
        signUp = try container.decodeIfPresent(TenantPolicy.self, forKey: .signUp)
        passwordReset = try container.decodeIfPresent(PasswordResetSettings.Seed.self, forKey: .passwordReset)
        authenticationContexts = try container.decodeIfPresent([AuthenticationContext].self, forKey: .authenticationContexts)
    }
}

/// Any member name of a JSON object, to list them.
private struct AnyMemberName: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// What the emulator accepts as a username.
enum UsernameRules {
    /// Non-empty, at most 320 characters, no whitespace, no control characters (C0, DEL and C1, such
    /// as the 8-bit CSI U+009B: a username is shown on terminals, masked but with its domain's tail
    /// as typed), no format characters (general category Cf, the bidirectional controls among them),
    /// no invisible characters (default-ignorable code points: the Hangul fillers, the combining
    /// grapheme joiner, variation selectors), which would make a second user that looks like the
    /// first, and if it has an `@` then exactly one, with text on both sides.
    static func isWellFormed(_ username: String) -> Bool {
        guard !username.isEmpty, username.count <= 320 else { return false }
        for scalar in username.unicodeScalars where isRefused(scalar) {
            return false
        }
        let parts = username.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 1 { return true }
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    /// White space, a control (Cc, ``TextControls``), a format character (Cf) or an invisible one
    /// (default-ignorable).
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
            || TextControls.isControl(scalar)
    }
}
