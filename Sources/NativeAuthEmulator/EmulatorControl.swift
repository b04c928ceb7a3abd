import Foundation

/// In-process shortcuts to the admin API, for tests that embed the emulator.
extension Emulator {
    /// The client ID every emulator accepts (``EmulatorConfiguration/defaultClientId``).
    public var clientId: String { EmulatorConfiguration.defaultClientId }

    /// The newest code this emulator sent to `username`, whether or not it is still valid; nil if none
    /// was sent. The same data as `GET /_emulator/codes?username=`.
    public func latestCode(for username: String) throws -> String? {
        core.outbox.codes(for: UserRecord.key(username)).last?.code
    }

    /// Moves the emulator's virtual clock forward by `seconds` (as `POST /_emulator/clock/advance`).
    /// Returns false, and leaves the clock alone, when the offset would leave ±100 years.
    @discardableResult
    public func advanceClock(by seconds: TimeInterval) -> Bool {
        core.clock.advance(by: seconds) != nil
    }

    /// The emulator's current time on its virtual clock.
    public var now: Date {
        Date(timeIntervalSince1970: core.clock.now())
    }
}
