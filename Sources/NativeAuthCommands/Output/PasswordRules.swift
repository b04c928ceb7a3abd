import NativeAuth

/// What the CLI says when the server's password policy refuses a new password: the rule, from the
/// suberror (docs/PROTOCOL.md §7.1 gives the service's rules; the library reads V2's spelling of them,
/// `NativeAuthError.passwordPolicyRule`), so the user can choose another.
enum PasswordRules {
    /// The service's password policy (docs/PROTOCOL.md §7.1), said before a new password is asked for;
    /// a tenant cannot tell a client its own policy, so a refusal still explains the rule it broke.
    static let standardRule = "The new password needs 8 to 256 characters and 3 of: lowercase letters, uppercase letters, "
        + "digits, symbols; it cannot be the current password or a recent one."

    static func explanation(_ error: some NativeAuthError) -> String {
        switch error.passwordPolicyRule {
        case .passwordTooShort?: return "The password is too short: use at least 8 characters."
        case .passwordTooLong?: return "The password is too long: use at most 256 characters."
        case .passwordTooWeak?:
            return "The password is too weak: mix at least 3 of lowercase letters, uppercase letters, digits and symbols."
        case .passwordRecentlyUsed?: return "That password was used recently: choose another."
        case .passwordBanned?: return "The password contains a banned word or pattern: choose another."
        case .passwordIsInvalid?: return "The password has characters that are not allowed: choose another."
        default: return "The server refused the password: \(FailureMapping.firstLine(of: error.errorDescription)) Choose another."
        }
    }
}
