/// How the emulator completes a password reset (docs/EMULATOR.md "Password reset"): how many times
/// `/resetpassword/v1.0/poll_completion` answers `in_progress` before `succeeded`, and the
/// `poll_interval` that `/resetpassword/v1.0/submit` asks clients to wait between polls.
///
/// From ``EmulatorConfiguration/passwordResetPendingPolls`` and
/// ``EmulatorConfiguration/passwordResetPollInterval``; the seed file's member overrides what it
/// names: `{"passwordReset": {"pendingPolls": 2, "pollInterval": 1}}`.
struct PasswordResetSettings: Sendable, Equatable {
    /// Polls answered `in_progress` before `succeeded`.
    var pendingPolls: Int
    /// Seconds between polls, as `/submit` answers it.
    var pollInterval: Int

    /// The most pending polls a setting may ask for.
    static let maximumPendingPolls = 1000
    /// The longest poll interval a setting may ask for, in seconds.
    static let maximumPollInterval = 60

    /// The seed file's `passwordReset` member: each field optional.
    struct Seed: Codable, Sendable {
        var pendingPolls: Int?
        var pollInterval: Int?
    }

    /// The configuration's values (brought within the bounds), overridden by the seed's.
    init(_ configuration: EmulatorConfiguration, seed: Seed?) throws(SeedFile.Invalid) {
        pendingPolls = min(max(configuration.passwordResetPendingPolls, 0), Self.maximumPendingPolls)
        pollInterval = min(max(configuration.passwordResetPollInterval, 1), Self.maximumPollInterval)
        if let polls = seed?.pendingPolls {
            guard (0...Self.maximumPendingPolls).contains(polls) else {
                throw SeedFile.Invalid(description: "passwordReset.pendingPolls must be from 0 to \(Self.maximumPendingPolls)")
            }
            pendingPolls = polls
        }
        if let interval = seed?.pollInterval {
            guard (1...Self.maximumPollInterval).contains(interval) else {
                throw SeedFile.Invalid(description: "passwordReset.pollInterval must be from 1 to \(Self.maximumPollInterval) seconds")
            }
            pollInterval = interval
        }
    }
}
