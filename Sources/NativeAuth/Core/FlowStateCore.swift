#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every public flow state holds: the flow's context, the continuation token of the step it
/// waits at (with, in a V2 journey, where the journey stands: the latest answer's links), and the
/// gate that makes it single-use. A new state is a class holding one of these.
final class FlowStateCore: Sendable {
    let context: FlowContext
    let continuationToken: String
    /// Where a V2 journey stands; nil for a V1 flow's state.
    let journey: JourneyPosition?
    private let gate = StateGate()

    /// A V1 flow's state core, waiting with `continuationToken`.
    init(context: FlowContext, continuationToken: String) {
        self.context = context
        self.continuationToken = continuationToken
        journey = nil
    }

    /// A V2 journey's state core, waiting at `journey`.
    init(context: FlowContext, journey: JourneyPosition) {
        self.context = context
        self.continuationToken = journey.continuationToken
        self.journey = journey
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
        journey.map { FlowStateCore(context: context, journey: $0) } ?? FlowStateCore(context: context, continuationToken: continuationToken)
    }

    /// The application's environment: the API its flows speak, among the rest.
    var environment: ApplicationEnvironment { context.environment }
}
