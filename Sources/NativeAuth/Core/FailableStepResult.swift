/// A public result of a step on a state that can fail: its `error(_:newState:)` case (the enum case
/// witnesses the requirement) carries the error and, when the state is handed back, the state.
protocol FailableStepResult {
    associatedtype Failure: FlowError
    associatedtype State
    static func error(_ error: Failure, newState: State?) -> Self
}

extension FailableStepResult {
    /// The error case with no state: the flow cannot go on from this step (``DelegateDelivered``'s
    /// requirement for a step's result).
    static func error(_ error: Failure) -> Self { .error(error, newState: nil) }
}

extension StepOutcome where Result: FailableStepResult, Failure == Result.Failure {
    /// A failure of a step on a state: handed back (``retry(_:)``, the state stays good) when the
    /// step's table says so (its `handsBack`), else the flow ends with the error and no state.
    static func failed(_ error: Failure, handedBack: Bool) -> StepOutcome {
        handedBack ? .retry(error) : .advanced(.error(error, newState: nil))
    }
}
