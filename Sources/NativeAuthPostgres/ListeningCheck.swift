import Logging
import NIOCore
import PostgresNIO

/// One check of the connection that listens to the other replicas' changes: `SELECT 1` on it, and
/// the first of three outcomes: its answer (or failure), the clock running out, or the task's
/// cancellation; a connection already closed is `closed` at once, without a statement.
///
/// The statement's answer is not waited for past the first outcome. A statement written to a
/// connection closed meanwhile (the pool closing it as the client shuts down, the server going
/// away, a cancellation elsewhere) is neither answered nor failed by postgres-nio, and a check that
/// waited for it would wait for good, and so would a shutdown waiting for the check. Such a
/// statement's answer is left unfulfilled (once per such race); every other comes. (The clock, not
/// ``ConnectionCloseWatch``, ends the wait here: a silent connection must end it too.)
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
        let outcome = FirstSettled<Outcome>()
        let clock = Task {
            try? await Task.sleep(for: interval)
            outcome.settle(.timedOut)
        }
        defer { clock.cancel() }
        let answered: EventLoopFuture<PostgresQueryResult> = connection.query("SELECT 1", logger: logger)
        answered.whenComplete { result in
            switch result {
            case .success: outcome.settle(.answered)
            case .failure(let error): outcome.settle(.failed(error))
            }
        }
        return await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            outcome.settle(.cancelled)
        }
    }
}
