import Logging
import NativeAuthPostgres
import NativeAuthTestSupport
import PostgresNIO
import Testing

/// The check of the connection that listens to the other replicas' changes ends at the first of its
/// outcomes, whatever becomes of its statement. The clocks of 10 minutes are bounds, not timings: a
/// check that waited for a statement nobody answers would reach the suite's time limit instead.
@Suite("A check of the listening connection", .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"),
       .timeLimit(.minutes(3)))
struct ListeningCheckTests {
    private static let logger = Logger(label: "listening-check-tests")

    private static func connect(port: Int) async throws -> PostgresConnection {
        let configuration = PostgresConnection.Configuration(host: "127.0.0.1", port: port, username: "postgres",
                                                             password: nil, database: "postgres", tls: .disable)
        return try await PostgresConnection.connect(on: PostgresConnection.defaultEventLoopGroup.next(),
                                                    configuration: configuration, id: 1, logger: logger)
    }

    /// Runs `body` with a connection to `port`, closed after it (postgres-nio asserts that a
    /// connection is closed before it goes).
    private static func withConnection(port: Int, _ body: (PostgresConnection) async throws -> Void) async throws {
        let connection = try await connect(port: port)
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    @Test("A connection that answers: answered")
    func anAnsweringConnectionIsAnswered() async throws {
        try await Self.withConnection(port: try PostgresFixture.sharedCluster().port) { connection in
            guard case .answered = await ListeningCheck.run(on: connection, within: .seconds(600), logger: Self.logger) else {
                Issue.record("not answered")
                return
            }
        }
    }

    /// postgres-nio neither answers nor fails a statement written to a connection already closed
    /// (as the pool closes a connection when its client shuts down, at any moment): the check must
    /// end with the close, long before its clock.
    @Test("A connection closed before the check's statement: closed, at once")
    func aConnectionClosedBeforeTheStatementEndsTheCheck() async throws {
        let connection = try await Self.connect(port: try PostgresFixture.sharedCluster().port)
        try await connection.close()
        guard case .closed = await ListeningCheck.run(on: connection, within: .seconds(600), logger: Self.logger) else {
            Issue.record("not closed")
            return
        }
    }

    @Test("A connection gone silent (half-open): timed out after its interval")
    func aSilentConnectionTimesOut() async throws {
        let proxy = try SilenceableProxy(upstreamPort: try PostgresFixture.sharedCluster().port)
        defer { proxy.stop() }
        try await Self.withConnection(port: proxy.port) { connection in
            for try await _ in try await connection.query("LISTEN listening_check_tests", logger: Self.logger) {}
            #expect(proxy.silenceListeningConnections() == 1)
            guard case .timedOut = await ListeningCheck.run(on: connection, within: .milliseconds(200), logger: Self.logger) else {
                Issue.record("not timed out")
                return
            }
        }
    }

    @Test("A check of a silent connection whose task is cancelled: cancelled, not waiting for its clock")
    func aCancelledCheckEndsAtOnce() async throws {
        let proxy = try SilenceableProxy(upstreamPort: try PostgresFixture.sharedCluster().port)
        defer { proxy.stop() }
        try await Self.withConnection(port: proxy.port) { connection in
            for try await _ in try await connection.query("LISTEN listening_check_tests", logger: Self.logger) {}
            #expect(proxy.silenceListeningConnections() == 1)
            let check = Task { await ListeningCheck.run(on: connection, within: .seconds(600), logger: Self.logger) }
            check.cancel()
            guard case .cancelled = await check.value else {
                Issue.record("not cancelled")
                return
            }
        }
    }
}
