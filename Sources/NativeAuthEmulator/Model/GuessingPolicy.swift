import Foundation

/// The emulator's own limit on guessing codes and passwords, per user and across sign-in flows.
///
/// Each flow already dies after ``EmulatorConfiguration/maxCodeAttempts`` wrong answers, but a new
/// flow starts from zero; this policy counts every wrong code or password of a user. After
/// ``freeAttempts`` of them, the user is locked out for ``firstLockout`` seconds, and each further
/// wrong answer (once the lock-out is over) locks it out again for twice as long, up to
/// ``maximumLockout``. While locked out, every code or password for the user is refused unchecked,
/// with `invalid_grant` AADSTS50053 saying how long the lock-out lasts. A correct answer, or
/// ``window`` seconds without a wrong one after the last lock-out, starts the count again.
///
/// This is the emulator's policy, not Microsoft Entra's: Entra has its own "smart lockout", whose
/// thresholds a tenant configures and which this does not try to reproduce.
public struct GuessingPolicy: Sendable, Equatable {
    /// Wrong answers allowed before the first lock-out.
    public var freeAttempts: Int
    /// Seconds without a wrong answer (after the end of the last lock-out) that reset the count.
    public var window: TimeInterval
    /// Seconds of the first lock-out; each further one doubles.
    public var firstLockout: TimeInterval
    /// The longest lock-out, in seconds.
    public var maximumLockout: TimeInterval

    /// Creates a policy.
    public init(freeAttempts: Int = 10, window: TimeInterval = 900, firstLockout: TimeInterval = 60, maximumLockout: TimeInterval = 3600) {
        self.freeAttempts = freeAttempts
        self.window = window
        self.firstLockout = firstLockout
        self.maximumLockout = maximumLockout
    }

    /// 10 wrong answers, then 1 minute, doubling up to 1 hour; reset after 15 quiet minutes.
    public static let `default` = GuessingPolicy()

    /// No limit beyond each flow's own (for tests that guess on purpose).
    public static let unlimited = GuessingPolicy(freeAttempts: .max)
}

/// A user's wrong answers under the ``GuessingPolicy`` (stored, so every process sharing a state
/// directory counts them together).
struct GuessRecord: Codable, Sendable, Equatable {
    /// Wrong answers counted since the count last started.
    var failures: Int
    /// When the last wrong answer came (emulator clock).
    var lastFailure: Double
    /// Lock-outs since the count last started.
    var lockouts: Int
    /// Until when the user is locked out, if a lock-out was imposed.
    var lockedUntil: Double?

    /// When the count starts again if no wrong answer comes.
    func resetsAt(policy: GuessingPolicy) -> Double {
        max(lastFailure, lockedUntil ?? lastFailure) + policy.window
    }

    /// Whether the record still affects anything at `now`.
    func matters(now: Double, policy: GuessingPolicy) -> Bool {
        now < resetsAt(policy: policy)
    }
}

/// Applies the ``GuessingPolicy`` to credential attempts.
enum GuessGuard {
    /// Throws the lock-out when `userKey` is locked out at `now`.
    static func check(_ state: EmulatorState, userKey: String, now: Double) throws(ProtocolError) {
        guard let record = state.guesses[userKey], let until = record.lockedUntil, now < until else { return }
        throw lockedOut(seconds: until - now)
    }

    /// Counts a wrong answer of `userKey`; returns the lock-out error when this answer starts one.
    static func recordFailure(_ state: inout EmulatorState, userKey: String, now: Double, policy: GuessingPolicy) -> ProtocolError? {
        var record = state.guesses[userKey].flatMap { $0.matters(now: now, policy: policy) ? $0 : nil }
            ?? GuessRecord(failures: 0, lastFailure: now, lockouts: 0, lockedUntil: nil)
        record.failures += 1
        record.lastFailure = now
        var error: ProtocolError?
        if record.failures >= policy.freeAttempts {
            let seconds = min(policy.firstLockout * pow(2, Double(min(record.lockouts, 30))), policy.maximumLockout)
            record.lockedUntil = now + seconds
            record.lockouts += 1
            error = lockedOut(seconds: seconds)
        }
        state.guesses[userKey] = record
        return error
    }

    /// A right answer of `userKey` starts the count again.
    static func recordSuccess(_ state: inout EmulatorState, userKey: String) {
        if state.guesses[userKey] != nil { state.guesses.removeValue(forKey: userKey) }
    }

    static func lockedOut(seconds: Double) -> ProtocolError {
        let whole = max(1, Int(min(seconds, 1e9).rounded(.up)))
        return ProtocolError(error: "invalid_grant", code: 50053,
                             message: "The account is locked: too many wrong codes or passwords for this user. Try again in \(whole) seconds. "
                                + "(This is the emulator's own guessing limit.)")
    }
}
