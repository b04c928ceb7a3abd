import Synchronization

/// Makes a flow state single-use: one call at a time, and none once the flow has moved on.
final class StateGate: Sendable {
    private enum Status { case ready, inFlight, used }
    private let status = Mutex(Status.ready)

    /// Claims the state for one call. False when it is in use or used up: then nothing may be sent.
    private func enter() -> Bool {
        status.withLock { status in
            guard status == .ready else { return false }
            status = .inFlight
            return true
        }
    }

    /// Runs one call through the gate: `refused` when the state is in use or used up (nothing is
    /// sent), else `body`, which says whether the state is still usable afterwards.
    func run<Result>(refused: () -> Result, _ body: () async -> (Result, stillUsable: Bool)) async -> Result {
        guard enter() else { return refused() }
        let (result, stillUsable) = await body()
        leave(stillUsable: stillUsable)
        return result
    }

    /// Ends the call: the state is ready again when the flow did not move on, else used up.
    private func leave(stillUsable: Bool) {
        status.withLock { $0 = stillUsable ? .ready : .used }
    }
}
