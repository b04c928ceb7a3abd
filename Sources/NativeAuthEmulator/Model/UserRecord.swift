import Crypto
import Foundation
import NativeAuthShared

/// How a user signs in, as configured on a real tenant's account.
enum SignInMethod: String, Codable, Sendable {
    /// Email one-time passcode.
    case otp
    /// Email and password.
    case password
}

/// One user account.
struct UserRecord: Codable, Sendable, Equatable {
    /// The object ID (`oid`), a GUID.
    var id: String
    /// The sign-in name (an email address).
    var username: String
    var displayName: String
    var method: SignInMethod
    /// `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64url), only for password users.
    var passwordHash: String?
    /// The user attributes collected at sign-up (or imported), by programmatic name.
    var attributes: [String: JSONValue]?
    /// True for a user who signs in only in the browser (the tenant needs a step the native API
    /// cannot do for them): native sign-in is answered with the redirect.
    var browserOnly: Bool? = nil
    /// The user's second factors, or that one must be registered (password users only).
    var mfa: UserStrongAuth? = nil
    /// True for an account an administrator disabled (the console): it cannot sign in, and its
    /// refresh tokens are refused.
    var disabled: Bool? = nil

    /// Dictionary key for a username: case-insensitive, like the service.
    ///
    /// Compatibility-normalised (NFKC) and lower-cased, so that usernames that look the same are one
    /// user: `ＡＬＩＣＥ@example.com` (fullwidth), `Alice@Example.com` and `alice@example.com` are alice.
    /// (Entra compares usernames without regard to case; its documentation does not say how it
    /// compares other look-alikes, so this is the emulator's choice, docs/EMULATOR.md "Usernames".)
    static func key(_ username: String) -> String {
        username.precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// The ID of a seeded user (a demo user, or one of the seed file's) in the tenant `tenantId`: the
    /// same at every reset and restart of a state, so that an account signed in before a reset is
    /// still that user's (Firebase's emulator users asked the same). A UUID made from a SHA-256 of the
    /// tenant and the user's ``key(_:)``, with its version set to 8 (RFC 9562, custom).
    static func stableID(username: String, tenantId: String) -> String {
        var bytes = Array(SHA256.hash(data: Data("nativeauth-emulator user\n\(tenantId)\n\(key(username))".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = HexText.lowercase(bytes)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}

/// The demo users seeded when a state has none.
enum DemoUsers {
    /// The password of the demo password users (docs/EMULATOR.md lists them).
    static let password = "Passw0rd!"

    /// ``password``, hashed once per process and shared by the demo users of every state it makes
    /// (each test's emulator, each tenant, each reset): a password everyone knows gains nothing from
    /// a salt of its own, and each state would otherwise spend three PBKDF2 derivations on it.
    static let passwordHash = PasswordHasher.hash(password)

    static let seeds: [SeedFile.User] = [
        SeedFile.User(username: "alice@example.com", method: .otp, password: nil, passwordHash: nil, displayName: "Alice Example"),
        SeedFile.User(username: "bob@example.com", method: .password, password: nil, passwordHash: passwordHash, displayName: "Bob Example"),
        SeedFile.User(username: "webuser@example.com", method: .otp, password: nil, passwordHash: nil, displayName: "Web User Example",
                      browserOnly: true),
        SeedFile.User(username: "mfauser@example.com", method: .password, password: nil, passwordHash: passwordHash, displayName: "MFA User Example",
                      mfa: UserStrongAuth(methods: [StrongAuthMethod(id: "", channel: .email, target: "mfauser@example.com"),
                                                    StrongAuthMethod(id: "", channel: .sms, target: "+14255550100")], register: nil)),
        SeedFile.User(username: "registeruser@example.com", method: .password, password: nil, passwordHash: passwordHash, displayName: "Register User Example",
                      mfa: UserStrongAuth(methods: [], register: true)),
        // An email code, then an SMS code (email cannot be the second factor of an email first factor).
        SeedFile.User(username: "smsuser@example.com", method: .otp, password: nil, passwordHash: nil, displayName: "SMS User Example",
                      mfa: UserStrongAuth(methods: [StrongAuthMethod(id: "", channel: .sms, target: "+14255550101")], register: nil)),
    ]
}
