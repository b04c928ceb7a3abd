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

    /// Dictionary key for a username: case-insensitive, like the service.
    ///
    /// Compatibility-normalised (NFKC) and lower-cased, so that usernames that look the same are one
    /// user: `ＡＬＩＣＥ@example.com` (fullwidth), `Alice@Example.com` and `alice@example.com` are alice.
    /// (Entra compares usernames without regard to case; its documentation does not say how it
    /// compares other look-alikes, so this is the emulator's choice, docs/EMULATOR.md "Usernames".)
    static func key(_ username: String) -> String {
        username.precomposedStringWithCompatibilityMapping.lowercased()
    }
}

/// The demo users seeded when a state has none.
enum DemoUsers {
    static let seeds: [SeedFile.User] = [
        SeedFile.User(username: "alice@example.com", method: .otp, password: nil, passwordHash: nil, displayName: "Alice Example"),
        SeedFile.User(username: "bob@example.com", method: .password, password: "Passw0rd!", passwordHash: nil, displayName: "Bob Example"),
        SeedFile.User(username: "webuser@example.com", method: .otp, password: nil, passwordHash: nil, displayName: "Web User Example",
                      browserOnly: true),
        SeedFile.User(username: "mfauser@example.com", method: .password, password: "Passw0rd!", passwordHash: nil, displayName: "MFA User Example",
                      mfa: UserStrongAuth(methods: [StrongAuthMethod(id: "", channel: .email, target: "mfauser@example.com"),
                                                    StrongAuthMethod(id: "", channel: .sms, target: "+14255550100")], register: nil)),
        SeedFile.User(username: "registeruser@example.com", method: .password, password: "Passw0rd!", passwordHash: nil, displayName: "Register User Example",
                      mfa: UserStrongAuth(methods: [], register: true)),
        // An email code, then an SMS code (email cannot be the second factor of an email first factor).
        SeedFile.User(username: "smsuser@example.com", method: .otp, password: nil, passwordHash: nil, displayName: "SMS User Example",
                      mfa: UserStrongAuth(methods: [StrongAuthMethod(id: "", channel: .sms, target: "+14255550101")], register: nil)),
    ]
}
