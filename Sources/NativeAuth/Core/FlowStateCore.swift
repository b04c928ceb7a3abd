#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every public flow state holds: the flow's context, the continuation token of the step it
/// waits at, and the gate that makes it single-use. A new state is a class holding one of these.
final class FlowStateCore: Sendable {
    let context: FlowContext
    let continuationToken: String
    private let gate = StateGate()

    init(context: FlowContext, continuationToken: String) {
        self.context = context
        self.continuationToken = continuationToken
    }

    var correlationId: UUID { context.correlationId }

    /// Runs `step` once through the state's gate.
    ///
    /// - Parameters:
    ///   - retry: Builds the result for a failure that leaves the state good: it hands the state back.
    ///   - failed: Builds the result for a failure that ends the flow; also used, with an
    ///     "already used" error, when the state is in use or used up (then nothing is sent).
    func run<Result, Failure: FlowError>(
        retry: (Failure) -> Result, failed: (Failure) -> Result,
        _ step: () async -> StepOutcome<Result, Failure>
    ) async -> Result {
        await gate.run(refused: { failed(Failure(FlowErrorMapping.alreadyUsed(correlationId: correlationId))) },
                       retry: retry, step)
    }

    /// Runs `step` once through the state's gate, as ``run(retry:failed:_:)`` for a step whose result
    /// has an error case with the state (``FailableStepResult``): a failure that leaves the token good
    /// answers it with `state` (the state called on, to try again on), any other with no state.
    func run<Result: FailableStepResult>(
        handingBack state: Result.State?, _ step: () async -> StepOutcome<Result, Result.Failure>
    ) async -> Result {
        await run(retry: { .error($0, newState: state) }, failed: { .error($0, newState: nil) }, step)
    }

    /// A new core on the same token, for a failure that leaves the token good but hands the flow on
    /// as another kind of state (MFA's "request a code" from the list of methods, registration's
    /// "choose a contact" from the code): the state it was called on is used up, so one state at a
    /// time holds the token.
    func successor() -> FlowStateCore {
        FlowStateCore(context: context, continuationToken: continuationToken)
    }
}
