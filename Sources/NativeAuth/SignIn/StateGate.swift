import Synchronization

/// Makes a flow state single-use: one call at a time, and none once the flow has moved on.
final class StateGate: Sendable {
    private enum Status { case ready, inFlight, used }
    private let status = Mutex(Status.ready)

    /// Claims the state for one call. False when it is in use or used up: then nothing may be sent.
    func enter() -> Bool {
        status.withLock { status in
            guard status == .ready else { return false }
            status = .inFlight
            return true
        }
    }

    /// Ends the call: the state is ready again when the flow did not move on, else used up.
    func leave(stillUsable: Bool) {
        status.withLock { $0 = stillUsable ? .ready : .used }
    }
}
