import Foundation

/// The emulator's clock: wall time plus an offset that `POST /_emulator/clock/advance` moves forward.
/// Every expiry and every token timestamp uses it. The offset belongs to one emulator instance and
/// stays within ±``maximumOffset`` (100 years), so every time it produces can be formatted and
/// turned into whole seconds.
final class VirtualClock: Sendable {
    /// The largest offset, either way: 100 years of 365.25 days.
    static let maximumOffset: Double = 100 * 365.25 * 86_400

    private let offset = Locked<Double>(0)

    /// Seconds since 1970 on the emulator's clock.
    func now() -> Double {
        Date().timeIntervalSince1970 + offset.withLock { $0 }
    }

    /// Moves the clock forward (or back, for negative values) and returns the new offset, or nil
    /// (and leaves the clock alone) when the new offset would not be a finite number within
    /// ±``maximumOffset``.
    func advance(by seconds: Double) -> Double? {
        offset.withLock { value in
            let moved = value + seconds
            guard moved.isFinite, abs(moved) <= Self.maximumOffset else { return nil }
            value = moved
            return value
        }
    }

    var offsetSeconds: Double { offset.withLock { $0 } }

    func reset() {
        offset.withLock { $0 = 0 }
    }
}
