/// A failed step as its error table decided it: the public error's details, and whether the state
/// the step was called on is handed back (``ErrorOutcome/handsBack``). A failure the library decides
/// after the request (storing the account, an answer that does not fit) never hands it back.
struct StepFailure: Error, Sendable {
    let details: NativeAuthErrorDetails
    let handsBack: Bool
}

extension StepOutcome where Result: FailableStepResult, Failure == Result.Failure {
    /// A failure of a step on a state, as its table decided: handed back (``retry(_:)``, the state
    /// stays good), else the flow ends with the error and no state.
    static func failed(_ failure: StepFailure) -> StepOutcome {
        failed(Failure(failure.details), handedBack: failure.handsBack)
    }
}
