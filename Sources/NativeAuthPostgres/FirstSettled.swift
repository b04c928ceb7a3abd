import Synchronization

/// The first value settled, handed once to the one task waiting for it, whether it was settled
/// before the task came to wait or after; later values are dropped. What a race between a
/// statement's answer and something that ends the wait for it (the clock, a cancellation, the
/// connection's close) is decided by.
final class FirstSettled<Value: Sendable>: Sendable {
    private enum State {
        case open(CheckedContinuation<Value, Never>?)
        case settled(Value)
        case delivered
    }

    private let state = Mutex(State.open(nil))

    /// Waits for the first value (at once when it is settled already).
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = state.withLock { state in
                switch state {
                case .open(nil):
                    state = .open(continuation)
                    return nil
                case .settled(let value):
                    state = .delivered
                    return value
                case .open(.some), .delivered:
                    preconditionFailure("FirstSettled has one waiter")
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Settles `value` unless a value was settled before.
    func settle(_ value: Value) {
        let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
            switch state {
            case .open(let continuation?):
                state = .delivered
                return continuation
            case .open(nil):
                state = .settled(value)
                return nil
            case .settled, .delivered:
                return nil
            }
        }
        waiter?.resume(returning: value)
    }
}
