import Synchronization

/// What one step on a state came to, as the step itself says it: the flow moved on (the state is
/// used up), or the state stays good and the caller hands it back with the failure.
enum StepOutcome<Result, Failure> {
    /// The flow moved on (to a next state, a result, or an error that ends it): the state is used up.
    case advanced(Result)
    /// The step failed in a way the user can fix on the same state (a wrong code, a network failure).
    case retry(Failure)
    /// The step came to a result that hands the same state back without being an error (sign-up's
    /// "these attributes are invalid", answered with the state to submit them again on).
    case handedBack(Result)
}

extension StepOutcome {
    /// A `.retry` handed back as the result `handBack` makes of it, the state called on staying
    /// usable too (a refused resend: the code already sent can still be submitted on it).
    func handingBack(_ handBack: (Failure) -> Result) -> StepOutcome {
        if case .retry(let failure) = self { return .handedBack(handBack(failure)) }
        return self
    }

    /// The same outcome, but a failure that leaves the token good moves on (the state called is used
    /// up) to the result `handOn` builds: a state of another kind on the same token
    /// (``FlowStateCore/successor()``), so one state at a time holds it.
    func handingOn(_ handOn: (Failure) -> Result) -> StepOutcome {
        if case .retry(let failure) = self { return .advanced(handOn(failure)) }
        return self
    }
}

/// Makes a flow state single-use: one call at a time, and none once the flow has moved on.
final class StateGate: Sendable {
    private enum Status { case ready, inFlight, used }
    private let status = Mutex(Status.ready)

    /// Runs one step through the gate: `refused()` when the state is in use or used up (nothing is
    /// sent), else `step`. A `.retry` leaves the state ready for another call.
    func run<Result, Failure>(
        refused: () -> Result, retry: (Failure) -> Result, _ step: () async -> StepOutcome<Result, Failure>
    ) async -> Result {
        guard enter() else { return refused() }
        switch await step() {
        case .advanced(let result):
            leave(stillUsable: false)
            return result
        case .retry(let failure):
            leave(stillUsable: true)
            return retry(failure)
        case .handedBack(let result):
            leave(stillUsable: true)
            return result
        }
    }

    /// Claims the state for one call. False when it is in use or used up: then nothing may be sent.
    private func enter() -> Bool {
        status.withLock { status in
            guard status == .ready else { return false }
            status = .inFlight
            return true
        }
    }

    /// Ends the call: the state is ready again when the flow did not move on, else used up.
    private func leave(stillUsable: Bool) {
        status.withLock { $0 = stillUsable ? .ready : .used }
    }
}
