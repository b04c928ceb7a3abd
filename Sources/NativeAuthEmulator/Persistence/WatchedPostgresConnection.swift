import NIOCore
import PostgresNIO
import Synchronization

/// A connection of ``PostgresStateDatabase`` whose statement fails when the connection closes.
///
/// postgres-nio neither answers nor fails a statement written to a connection that closed
/// meanwhile (the server restarting, the backend terminated in the middle of a transaction), and
/// ``PostgresStateDatabase`` waits for each statement on the calling thread, under the lock every
/// transaction of the instance takes: one such statement would hold every request of the instance
/// for good. One callback on the connection's close fails the statement waiting then, and every
/// statement after.
final class WatchedPostgresConnection: Sendable {
    /// Why a statement failed: its connection closed before it was answered.
    struct Closed: Error, CustomStringConvertible {
        var description: String { "the connection closed" }
    }

    private struct State {
        var closed = false
        var waiting: (token: UInt64, promise: EventLoopPromise<PostgresQueryResult>)?
        var lastToken: UInt64 = 0
    }

    let connection: PostgresConnection
    private let state = Mutex(State())

    /// Watches `connection` until it closes.
    init(_ connection: PostgresConnection) {
        self.connection = connection
        connection.closeFuture.whenComplete { _ in self.connectionClosed() }
    }

    /// Runs `query` and waits for its result, or throws ``Closed`` when the connection closed before
    /// it, or before its answer.
    func query(_ query: PostgresQuery, logger: Logger) throws -> PostgresQueryResult {
        let promise = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let token: UInt64? = state.withLock { state in
            guard !state.closed else { return nil }
            state.lastToken += 1
            state.waiting = (state.lastToken, promise)
            return state.lastToken
        }
        guard let token else {
            promise.fail(Closed())  // a promise is never left unfulfilled
            throw Closed()
        }
        connection.query(query, logger: logger).whenComplete { result in
            let waiting = self.state.withLock { state -> EventLoopPromise<PostgresQueryResult>? in
                guard let waiting = state.waiting, waiting.token == token else { return nil }
                state.waiting = nil
                return waiting.promise
            }
            waiting?.completeWith(result)
        }
        return try promise.futureResult.wait()
    }

    private func connectionClosed() {
        let waiting = state.withLock { state -> EventLoopPromise<PostgresQueryResult>? in
            state.closed = true
            defer { state.waiting = nil }
            return state.waiting?.promise
        }
        waiting?.fail(Closed())
    }
}
