/// The password-reset errors (docs/PROTOCOL.md §8, §11).
extension ProtocolError {
    /// `/resetpassword/v1.0/start` for an account without a password (an email-code account): what
    /// the service answers (docs/PROTOCOL.md §8; MSAL's `isUserDoesNotHavePassword`).
    static let userWithoutPassword = ProtocolError(
        error: "invalid_request", code: 500_222, message: "The tenant or user does not support native credential recovery.")

    /// The wrong code that used up a password reset's attempts (as sign-in's lock-out, AADSTS50053).
    static let passwordResetLockedOut = ProtocolError(
        error: "invalid_grant", code: 50053, message: "Too many wrong codes in this password reset. Start a new password reset.")

    /// A `grant_type` `/resetpassword/v1.0/continue` does not take.
    static func unsupportedPasswordResetGrant(_ value: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 70003,
                      message: "The grant_type '\(value.prefix(64))' is not valid here: use oob.")
    }

    /// A password-reset token presented at the wrong step.
    static func wrongPasswordResetStep(_ what: String) -> ProtocolError {
        invalidContinuationToken("it is for another step of the password reset; \(what).")
    }
}
