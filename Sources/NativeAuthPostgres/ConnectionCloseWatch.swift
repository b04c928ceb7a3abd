import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The close of each pooled connection that statements of a ``NativeAuthDatabase`` run on, so that
/// a statement whose connection closes before its answer fails instead of waiting for good.
///
/// postgres-nio (1.33) neither answers nor fails a statement written to a connection that closed
/// meanwhile: the write to the closed channel is dropped with the statement's promise. A connection
/// closes between two statements of one lease when PostgreSQL restarts, when its backend is
/// terminated, or when it goes away during a refresh of the account under its lock (an HTTP round
/// trip long); the next statement then waited for good, and with it the request, its pool slot,
/// and a shutdown. A statement run here is answered by the first of its answer and its
/// connection's close.
///
/// One callback is left on a connection's close, at its first statement here, however many
/// statements it runs later; a connection's entry goes when it closes. A statement written after
/// the close leaves its answer's future unfulfilled inside postgres-nio (the close is rare, and a
/// lease sends a statement or two more before its caller gives up). A connection
/// that goes silent without closing (half-open) is not covered: its statements wait for TCP to
/// notice, as before.
package final class ConnectionCloseWatch: Sendable {
    private struct Watched {
        /// Which watch of the key this is: a connection freed without closing can leave its entry
        /// to a later connection at the same address, whose own callback then owns it.
        let id: UInt64
        weak var connection: PostgresConnection?
        var waiters: [UInt64: @Sendable () -> Void] = [:]
    }

    private struct State {
        var lastID: UInt64 = 0
        var watched: [ObjectIdentifier: Watched] = [:]
    }

    private let state = Mutex(State())

    /// Why a statement failed when its connection closed before it was answered.
    static var closedError: PostgresStoreError {
        PostgresStoreError(.unavailable, "The connection to PostgreSQL closed before it answered a statement.")
    }

    /// Runs `query` on `connection` and returns its rows, all read: postgres-nio reports a
    /// statement's error with its rows, so a statement whose rows were not read could fail unseen.
    /// - Throws: ``closedError`` when the connection closed before the answer (or before the
    ///   statement, which is then written and lost); what postgres-nio threw otherwise.
    func query(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> PostgresQueryResult {
        // No look at `isClosed` first: the close's callback, run at once for a connection closed
        // already, is the one way a statement learns of it, whenever the close came.
        let answer = FirstSettled<Result<PostgresQueryResult, any Error>>()
        let waiter = whenClosed(connection) { answer.settle(.failure(Self.closedError)) }
        defer { stopWaiting(waiter) }
        let answered: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
        answered.whenComplete { answer.settle($0) }
        return try await answer.value().get()
    }

    /// Calls `closed` once when `connection` closes (soon when it has closed already), until
    /// ``stopWaiting(_:)`` is given what this returns.
    private func whenClosed(_ connection: PostgresConnection, _ closed: @escaping @Sendable () -> Void) -> (ObjectIdentifier, UInt64) {
        let key = ObjectIdentifier(connection)
        let (token, newWatch) = state.withLock { state -> (UInt64, UInt64?) in
            var newWatch: UInt64?
            if state.watched[key]?.connection !== connection {
                state.lastID += 1
                state.watched[key] = Watched(id: state.lastID, connection: connection)
                newWatch = state.lastID
            }
            state.lastID += 1
            state.watched[key]?.waiters[state.lastID] = closed
            return (state.lastID, newWatch)
        }
        if let newWatch {
            connection.closeFuture.whenComplete { [weak self] _ in self?.connectionClosed(key, watch: newWatch) }
        }
        return (key, token)
    }

    private func stopWaiting(_ waiter: (ObjectIdentifier, UInt64)) {
        state.withLock { state in _ = state.watched[waiter.0]?.waiters.removeValue(forKey: waiter.1) }
    }

    private func connectionClosed(_ key: ObjectIdentifier, watch: UInt64) {
        let waiters = state.withLock { state -> [@Sendable () -> Void] in
            guard let watched = state.watched[key], watched.id == watch else { return [] }
            state.watched[key] = nil
            return Array(watched.waiters.values)
        }
        for waiter in waiters { waiter() }
    }

    /// How many connections are watched now (for tests: an entry per open connection, none after it closes).
    package var watchedCount: Int { state.withLock { $0.watched.count } }
}
