import Logging
import PostgresNIO
import Synchronization

/// One check of the connection that listens to the other replicas' changes: `SELECT 1` on it, and
/// the first of three outcomes: its answer (or failure), the clock running out, or the task's
/// cancellation; a connection already closed is `closed` at once, without a statement.
///
/// The statement's answer is not waited for past the first outcome. A statement written to a
/// connection closed meanwhile (the pool closing it as the client shuts down, the server going
/// away, a cancellation elsewhere) is neither answered nor failed by postgres-nio, and a check that
/// waited for it would wait for good, and so would a shutdown waiting for the check. Such a
/// statement's task is left waiting (a small leak, once per such race); every other ends with its
/// answer. (The connection's `closeFuture` is not watched: each check would leave a callback on it
/// for the connection's whole life.)
package enum ListeningCheck {
    package enum Outcome: Sendable {
        case answered
        case failed(any Error)
        case closed
        case timedOut
        case cancelled
    }

    /// Runs one check of `connection`, which must answer within `interval`.
    package static func run(on connection: PostgresConnection, within interval: Duration, logger: Logger) async -> Outcome {
        if connection.isClosed { return .closed }
        let outcome = FirstOutcome()
        let clock = Task {
            try? await Task.sleep(for: interval)
            outcome.settle(.timedOut)
        }
        defer { clock.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                outcome.wait(continuation)
                Task {
                    do {
                        try await connection.run("SELECT 1", logger: logger)
                        outcome.settle(.answered)
                    } catch {
                        outcome.settle(.failed(error))
                    }
                }
            }
        } onCancel: {
            outcome.settle(.cancelled)
        }
    }
}

/// The first outcome settled, handed to the one waiter once (settled before the waiter came, or after).
private final class FirstOutcome: Sendable {
    private enum State {
        case open(CheckedContinuation<ListeningCheck.Outcome, Never>?)
        case settled(ListeningCheck.Outcome)
        case delivered
    }

    private let state = Mutex(State.open(nil))

    func wait(_ continuation: CheckedContinuation<ListeningCheck.Outcome, Never>) {
        let ready: ListeningCheck.Outcome? = state.withLock { state in
            switch state {
            case .open:
                state = .open(continuation)
                return nil
            case .settled(let outcome):
                state = .delivered
                return outcome
            case .delivered:
                return nil
            }
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func settle(_ outcome: ListeningCheck.Outcome) {
        let waiter: CheckedContinuation<ListeningCheck.Outcome, Never>? = state.withLock { state in
            switch state {
            case .open(let continuation?):
                state = .delivered
                return continuation
            case .open(nil):
                state = .settled(outcome)
                return nil
            case .settled, .delivered:
                return nil
            }
        }
        waiter?.resume(returning: outcome)
    }
}
