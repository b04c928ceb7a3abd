import Foundation
import Logging
@testable import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport
import NIOPosix
import PostgresNIO
import Synchronization
import Testing

/// A statement of the emulator's PostgreSQL state waits for its answer or its connection's close,
/// never for good: postgres-nio neither answers nor fails a statement written to a connection that
/// closed meanwhile, and the instance's transactions wait for each under one lock.
@Suite("A statement on a closing connection", .enabled(if: PostgresCluster.enabled, Comment(rawValue: PostgresStateTests.needsPostgres)),
       .timeLimit(.minutes(10)))
struct WatchedPostgresConnectionTests {
    private static let logger = Logger(label: "watched-connection-tests")

    @Test("Answered while the connection is open; refused at once after it closed, instead of waiting for good")
    func aStatementAfterTheCloseFails() async throws {
        let server = try await PostgresCluster.start()
        defer { server.stop() }
        let (configuration, _) = try PostgresStateDatabase.configuration(server.url)
        let connection = try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
                                                        id: 1, logger: Self.logger).get()
        let watched = WatchedPostgresConnection(connection, answerDeadline: .seconds(600))
        let answered = try watched.query("SELECT 1", logger: Self.logger)
        #expect(answered.rows.count == 1)

        try await connection.close().get()
        #expect(throws: WatchedPostgresConnection.Closed.self) {
            try watched.query("SELECT 1", logger: Self.logger)
        }
    }

    /// The instance's own transactions: a statement of one whose backend was terminated fails, until
    /// the connection has closed, and then too (postgres-nio alone would leave that one unanswered,
    /// and the instance's lock held for good); the next transaction connects again.
    @Test("A transaction whose backend is terminated fails, also once its connection has closed; the next one connects again")
    func aTransactionWhoseConnectionIsLostFailsAndTheNextReconnects() async throws {
        let server = try await PostgresCluster.start()
        defer { server.stop() }
        let database = try PostgresStateDatabase(url: server.url, logger: Self.logger)
        let sawTheClose = Mutex(false)
        // On a thread of its own: the instance's transactions block their thread while they run.
        await #expect(throws: PersistenceError.self, "its COMMIT fails too") {
            try await DetachedThread.run { try database.transaction { statements in
                _ = try? statements.query("SELECT pg_terminate_backend(pg_backend_pid())", [])
                // Statements fail while postgres-nio is closing the connection; once it has closed, one
                // fails as closed. (A bound of a minute, so that a bug ends the test, not a timing.)
                let deadline = ContinuousClock.now + .seconds(60)
                while ContinuousClock.now < deadline {
                    do {
                        try statements.execute("SELECT 1", [])
                    } catch where "\(error)".contains("the connection closed") {
                        sawTheClose.withLock { $0 = true }
                        return
                    } catch {
                        continue
                    }
                }
            } }
        }
        #expect(sawTheClose.withLock { $0 }, "no statement failed as closed within a minute")
        let one = try database.transaction { statements in try statements.query("SELECT 1", []).first?.integer(0) }
        #expect(one == 1)
    }

    /// A connection gone silent without closing (the network cut, the server's machine lost) in the
    /// middle of a transaction: its statement fails once the answer is late, PostgreSQL ends its
    /// session idle inside the transaction, so another instance gets the lock every transaction
    /// takes, and the next transaction of the first connects again. The deadlines are short for
    /// the test; the waits for each side are bounded at a minute, against a bug, not as timings.
    @Test("A transaction whose connection goes silent fails after its answer deadline; another instance gets the lock; the next one connects again")
    func aSilentConnectionLetsTheLockGo() async throws {
        let server = try await PostgresCluster.start()
        defer { server.stop() }
        let proxy = try SilenceableProxy(upstreamPort: server.port)
        defer { proxy.stop() }
        let silent = try PostgresStateDatabase(url: server.url(port: proxy.port), logger: Self.logger,
                                               idleInTransactionTimeout: .seconds(1), answerDeadline: .seconds(3))
        let other = try PostgresStateDatabase(url: server.url, logger: Self.logger)
        let otherEnded = DispatchSemaphore(value: 0)
        let otherResult = Mutex<Result<Int64?, any Error>?>(nil)
        let silenced = Mutex(0)

        // The waits are on threads of their own, not on the cooperative pool's few threads.
        let silentResult = try await DetachedThread.run { Self.withinAMinute {
            try silent.transaction { statements in
                try statements.execute("SELECT 1", [])  // the lock is had
                silenced.withLock { $0 = proxy.silenceAll() }
                Thread.detachNewThread {
                    let result = Result { try other.transaction { try $0.query("SELECT 2", []).first?.integer(0) } }
                    otherResult.withLock { $0 = result }
                    otherEnded.signal()
                }
                try statements.execute("SELECT 1", [])
            }
        } }
        #expect(silenced.withLock { $0 } == 1, "the instance's one connection went silent")
        switch silentResult {
        case nil:
            // Its thread still holds the instance's connection; the proxy's stop frees it.
            Issue.record("the silent connection's statement waited a minute")
            return
        case .success?: Issue.record("a statement on a silent connection was answered")
        case .failure(let error)?: #expect("\(error)".contains("answered no statement within"), "\(error)")
        }
        let otherEndedInAMinute = try await DetachedThread.run { otherEnded.wait(timeout: .now() + 60) == .success }
        #expect(otherEndedInAMinute, "the other instance waited a minute for the lock")
        #expect(try otherResult.withLock { try $0?.get() } == 2)
        let again = try silent.transaction { statements in try statements.query("SELECT 3", []).first?.integer(0) }
        #expect(again == 3)
    }

    /// What `body` gave, or nil when it did not end within a minute (it goes on, on its thread).
    private static func withinAMinute(_ body: @escaping @Sendable () throws -> Void) -> Result<Void, any Error>? {
        let result = Mutex<Result<Void, any Error>?>(nil)
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            ended.signal()
        }
        guard ended.wait(timeout: .now() + 60) == .success else { return nil }
        return result.withLock { $0 }
    }
}
