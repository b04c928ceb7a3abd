/// What a password-reset flow holds once the new password was submitted: the password takes effect
/// only when `poll_completion` answers `succeeded`, so until then the old one still works.
struct PasswordResetProgress: Codable, Sendable {
    /// The new password's hash.
    var newPasswordHash: String
    /// How many more polls answer `in_progress` before the reset completes.
    var pendingPolls: Int
}
