@testable import NativeAuth
import Synchronization
import Testing

/// The single-use gate: `.advanced` uses the state up, `.retry` leaves it ready, a call while one is
/// in flight or after the state is used up is refused without running the step.
@Suite("State gate")
struct StateGateTests {
    private enum Result: Equatable { case done, retried(String), refused }

    @Test("advanced uses the state up: the next call is refused and its step never runs")
    func advancedUsesUp() async {
        let gate = StateGate()
        let runs = Mutex(0)
        let step: () async -> StepOutcome<Result, String> = { runs.withLock { $0 += 1 }; return .advanced(.done) }
        #expect(await gate.run(refused: { .refused }, retry: { .retried($0) }, step) == .done)
        #expect(await gate.run(refused: { .refused }, retry: { .retried($0) }, step) == .refused)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("retry leaves the state ready for another call")
    func retryKeepsReady() async {
        let gate = StateGate()
        #expect(await gate.run(refused: { Result.refused }, retry: { .retried($0) }) { StepOutcome<Result, String>.retry("wrong code") } == .retried("wrong code"))
        #expect(await gate.run(refused: { Result.refused }, retry: { .retried($0) }) { StepOutcome<Result, String>.advanced(.done) } == .done)
    }

    @Test("handedBack returns the step's result and leaves the state ready, like retry")
    func handedBackKeepsReady() async {
        let gate = StateGate()
        #expect(await gate.run(refused: { Result.refused }, retry: { .retried($0) }) { StepOutcome<Result, String>.handedBack(.retried("again")) } == .retried("again"))
        #expect(await gate.run(refused: { Result.refused }, retry: { .retried($0) }) { StepOutcome<Result, String>.advanced(.done) } == .done)
        #expect(await gate.run(refused: { Result.refused }, retry: { .retried($0) }) { StepOutcome<Result, String>.advanced(.done) } == .refused)
    }

    @Test("A call while another is in flight is refused")
    func inFlightRefused() async {
        let gate = StateGate()
        let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        async let first = gate.run(refused: { Result.refused }, retry: { .retried($0) }) { () async -> StepOutcome<Result, String> in
            enteredContinuation.yield()
            for await _ in release { break }
            return .advanced(.done)
        }
        for await _ in entered { break }
        let second = await gate.run(refused: { Result.refused }, retry: { .retried($0) }) { StepOutcome<Result, String>.advanced(.done) }
        releaseContinuation.yield()
        #expect(second == .refused)
        #expect(await first == .done)
    }
}
