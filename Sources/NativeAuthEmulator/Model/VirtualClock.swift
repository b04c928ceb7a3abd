import Foundation

/// The emulator's clock: wall time plus an offset that `POST /_emulator/clock/advance` moves forward.
/// Every expiry and every token timestamp uses it. The offset belongs to one emulator instance.
final class VirtualClock: Sendable {
    private let offset = Locked<Double>(0)

    /// Seconds since 1970 on the emulator's clock.
    func now() -> Double {
        Date().timeIntervalSince1970 + offset.withLock { $0 }
    }

    /// Moves the clock forward (or back, for negative values) and returns the new offset.
    @discardableResult
    func advance(by seconds: Double) -> Double {
        offset.withLock { value in
            value += seconds
            return value
        }
    }

    var offsetSeconds: Double { offset.withLock { $0 } }

    func reset() {
        offset.withLock { $0 = 0 }
    }
}
