import NIOCore
import PostgresNIO
import Synchronization

/// A connection of ``PostgresStateDatabase`` whose statement fails when the connection closes, or
/// when its answer does not come within a deadline.
///
/// postgres-nio neither answers nor fails a statement written to a connection that closed
/// meanwhile (the server restarting, the backend terminated in the middle of a transaction), and
/// ``PostgresStateDatabase`` waits for each statement on the calling thread, under the lock every
/// transaction of the instance takes: one such statement would hold every request of the instance
/// for good. One callback on the connection's close fails the statement waiting then, and every
/// statement after. A connection gone silent without closing (a half-open TCP connection: the
/// network cut, the server's machine lost) answers nothing and never closes by itself: a
/// statement not answered within ``answerDeadline`` closes it, which fails the statement the same
/// way, and the next transaction connects again.
final class WatchedPostgresConnection: Sendable {
    /// Why a statement failed: its connection closed before it was answered.
    struct Closed: Error, CustomStringConvertible {
        /// The deadline that closed it, when a statement's answer did not come in time.
        var silentFor: Duration?

        var description: String {
            guard let silentFor else { return "the connection closed" }
            return "the connection closed: PostgreSQL answered no statement within \(silentFor)"
        }
    }

    private struct State {
        var closed = false
        var closedBySilence = false
        var waiting: (token: UInt64, promise: EventLoopPromise<PostgresQueryResult>)?
        var lastToken: UInt64 = 0
    }

    let connection: PostgresConnection
    /// How long a statement waits for its answer before the connection is closed.
    let answerDeadline: Duration
    private let state = Mutex(State())

    /// Watches `connection` until it closes.
    init(_ connection: PostgresConnection, answerDeadline: Duration) {
        self.connection = connection
        self.answerDeadline = answerDeadline
        connection.closeFuture.whenComplete { _ in self.connectionClosed() }
    }

    /// Runs `query` and waits for its result, or throws ``Closed`` when the connection closed before
    /// it, or before its answer (closed by ``answerDeadline`` included).
    func query(_ query: PostgresQuery, logger: Logger) throws -> PostgresQueryResult {
        let promise = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let token: UInt64? = state.withLock { state in
            guard !state.closed else { return nil }
            state.lastToken += 1
            state.waiting = (state.lastToken, promise)
            return state.lastToken
        }
        guard let token else {
            let closed = closedError()
            promise.fail(closed)  // a promise is never left unfulfilled
            throw closed
        }
        let deadline = connection.eventLoop.scheduleTask(in: TimeAmount(answerDeadline)) {
            let silent = self.state.withLock { state in
                guard state.waiting?.token == token else { return false }
                state.closedBySilence = true
                return true
            }
            if silent {
                let connection = self.connection
                connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
            }
        }
        connection.query(query, logger: logger).whenComplete { result in
            deadline.cancel()
            let (waiting, silent) = self.state.withLock { state -> (EventLoopPromise<PostgresQueryResult>?, Bool) in
                guard let waiting = state.waiting, waiting.token == token else { return (nil, false) }
                state.waiting = nil
                return (waiting.promise, state.closedBySilence)
            }
            // postgres-nio fails a statement in flight when the deadline closes its connection:
            // the deadline, not "the client closed the connection", is why.
            if silent, case .failure = result {
                waiting?.fail(Closed(silentFor: self.answerDeadline))
            } else {
                waiting?.completeWith(result)
            }
        }
        return try promise.futureResult.wait()
    }

    private func closedError() -> Closed {
        Closed(silentFor: state.withLock { $0.closedBySilence } ? answerDeadline : nil)
    }

    private func connectionClosed() {
        let waiting = state.withLock { state -> EventLoopPromise<PostgresQueryResult>? in
            state.closed = true
            defer { state.waiting = nil }
            return state.waiting?.promise
        }
        waiting?.fail(closedError())
    }
}
