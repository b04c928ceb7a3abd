import Foundation

/// A value protected by a lock, usable from any thread.
///
/// The emulator keeps its hot state behind locks rather than actors so that a request costs no
/// executor hops; every critical section is short and never awaits.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Whether some thread holds the lock now (for tests).
    var isLocked: Bool {
        guard lock.try() else { return true }
        lock.unlock()
        return false
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
