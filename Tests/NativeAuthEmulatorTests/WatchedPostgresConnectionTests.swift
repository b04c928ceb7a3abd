import Logging
@testable import NativeAuthEmulator
import NativeAuthTestSupport
import NIOPosix
import PostgresNIO
import Synchronization
import Testing

/// A statement of the emulator's PostgreSQL state waits for its answer or its connection's close,
/// never for good: postgres-nio neither answers nor fails a statement written to a connection that
/// closed meanwhile, and the instance's transactions wait for each under one lock.
@Suite("A statement on a closing connection", .enabled(if: PostgresCluster.enabled, Comment(rawValue: PostgresStateTests.needsPostgres)),
       .timeLimit(.minutes(3)))
struct WatchedPostgresConnectionTests {
    private static let logger = Logger(label: "watched-connection-tests")

    @Test("Answered while the connection is open; refused at once after it closed, instead of waiting for good")
    func aStatementAfterTheCloseFails() throws {
        let server = try PostgresCluster.start()
        defer { server.stop() }
        let (configuration, _) = try PostgresStateDatabase.configuration(server.url)
        let connection = try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
                                                        id: 1, logger: Self.logger).wait()
        let watched = WatchedPostgresConnection(connection)
        let answered = try watched.query("SELECT 1", logger: Self.logger)
        #expect(answered.rows.count == 1)

        try connection.close().wait()
        #expect(throws: WatchedPostgresConnection.Closed.self) {
            try watched.query("SELECT 1", logger: Self.logger)
        }
    }

    /// The instance's own transactions: a statement of one whose backend was terminated fails, until
    /// the connection has closed, and then too (postgres-nio alone would leave that one unanswered,
    /// and the instance's lock held for good); the next transaction connects again.
    @Test("A transaction whose backend is terminated fails, also once its connection has closed; the next one connects again")
    func aTransactionWhoseConnectionIsLostFailsAndTheNextReconnects() throws {
        let server = try PostgresCluster.start()
        defer { server.stop() }
        let database = try PostgresStateDatabase(url: server.url, logger: Self.logger)
        let sawTheClose = Mutex(false)
        #expect(throws: PersistenceError.self, "its COMMIT fails too") {
            try database.transaction { statements in
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
            }
        }
        #expect(sawTheClose.withLock { $0 }, "no statement failed as closed within a minute")
        let one = try database.transaction { statements in try statements.query("SELECT 1", []).first?.integer(0) }
        #expect(one == 1)
    }
}
