import Logging
import NativeAuthPostgres
import NativeAuthTestSupport
import PostgresNIO
import Testing

/// The check of the connection that listens to the other replicas' changes ends at the first of its
/// outcomes, whatever becomes of its statement. The clocks of 10 minutes are bounds, not timings: a
/// check that waited for a statement nobody answers would reach the suite's time limit instead.
@Suite("A check of the listening connection", .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"),
       .timeLimit(.minutes(10)))
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

    /// Runs `body` with a listening connection gone silent without closing (``SilenceableProxy``).
    private static func withSilentConnection(_ body: (PostgresConnection) async throws -> Void) async throws {
        let proxy = try SilenceableProxy(upstreamPort: try await PostgresFixture.sharedCluster().port)
        defer { proxy.stop() }
        try await withConnection(port: proxy.port) { connection in
            for try await _ in try await connection.query("LISTEN listening_check_tests", logger: logger) {}
            #expect(proxy.silenceListeningConnections() == 1)
            try await body(connection)
        }
    }

    @Test("A connection that answers: answered")
    func anAnsweringConnectionIsAnswered() async throws {
        try await Self.withConnection(port: try await PostgresFixture.sharedCluster().port) { connection in
            #expect(await ListeningCheck.run(on: connection, within: .seconds(600), logger: Self.logger).name == "answered")
        }
    }

    /// postgres-nio neither answers nor fails a statement written to a connection already closed
    /// (as the pool closes a connection when its client shuts down, at any moment): the check must
    /// not wait for one, but end at once, long before its clock.
    @Test("A connection closed before the check: closed, at once")
    func aConnectionClosedBeforeTheStatementEndsTheCheck() async throws {
        let connection = try await Self.connect(port: try await PostgresFixture.sharedCluster().port)
        try await connection.close()
        #expect(await ListeningCheck.run(on: connection, within: .seconds(600), logger: Self.logger).name == "closed")
    }

    @Test("A connection gone silent (half-open): timed out after its interval")
    func aSilentConnectionTimesOut() async throws {
        try await Self.withSilentConnection { connection in
            #expect(await ListeningCheck.run(on: connection, within: .milliseconds(200), logger: Self.logger).name == "timedOut")
        }
    }

    @Test("A check of a silent connection whose task is cancelled: cancelled, not waiting for its clock")
    func aCancelledCheckEndsAtOnce() async throws {
        try await Self.withSilentConnection { connection in
            let check = Task { await ListeningCheck.run(on: connection, within: .seconds(600), logger: Self.logger) }
            check.cancel()
            #expect(await check.value.name == "cancelled")
        }
    }
}

extension ListeningCheck.Outcome {
    /// The case's name, for the expectations.
    var name: String {
        switch self {
        case .answered: "answered"
        case .failed(let error): "failed: \(error)"
        case .closed: "closed"
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        }
    }
}
