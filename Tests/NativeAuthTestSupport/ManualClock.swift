import Foundation
import NativeAuth
import Synchronization

/// A ``NativeAuthClock`` that tests move by hand: `sleep` records the wait and moves the clock
/// forward at once, so nothing really sleeps.
///
/// ```swift
/// let clock = ManualClock()
/// // … run a flow with `clock: clock` …
/// #expect(clock.sleeps == [.milliseconds(250)])
/// clock.advance(by: 3600)   // an hour later: cached tokens expire
/// ```
public final class ManualClock: NativeAuthClock {
    private struct State {
        var now: Date
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>

    /// A clock starting at `start` (2026-01-01 10:00:00 UTC by default).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_261_600)) {
        state = Mutex(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// Every wait the library asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let (seconds, attoseconds) = duration.components
        state.withLock {
            $0.sleeps.append(duration)
            $0.now = $0.now.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
        }
    }
}
