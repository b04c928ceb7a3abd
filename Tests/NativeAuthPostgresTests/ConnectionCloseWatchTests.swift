import Foundation
import Logging
import NativeAuth
@testable import NativeAuthPostgres
import NativeAuthTestSupport
import PostgresNIO
import Synchronization
import Testing

/// A statement through ``NativeAuthDatabase/query(_:on:)`` ends with its answer or its connection's
/// close, never waits for good: postgres-nio 1.33 neither answers nor fails a statement written to
/// a connection that closed meanwhile. Each wait on a close here is bounded at a minute, a bound
/// against a bug and not a timing; a statement that waited for good fails its test at that bound.
@Suite("Statements on a closing connection", .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"),
       .timeLimit(.minutes(10)))
struct ConnectionCloseWatchTests {
    @Test("A statement after its connection closed fails as unavailable at once; the watch keeps one entry per open connection, none after it closed")
    func aStatementAfterTheCloseFails() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        try await Self.withDatabase(cluster) { database in
            try await database.withConnection { connection in
                for _ in 0..<20 { _ = try await database.query("SELECT 1", on: connection) }
                #expect(database.closes.watchedCount == 1, "one entry for the connection, whatever its statements")
                _ = try? await database.query("SELECT pg_terminate_backend(pg_backend_pid())", on: connection)
                try await Self.waitUntil("the connection closed") { connection.isClosed && database.closes.watchedCount == 0 }
                let refused = await #expect(throws: PostgresStoreError.self) {
                    try await Self.withinAMinute { try await database.query("SELECT 1", on: connection) }
                }
                #expect(refused?.reason == .unavailable)
            }
        }
    }

    @Test("Statements while the backend is terminated fail, until and after the connection has closed; none waits for good")
    func statementsAcrossTheCloseEnd() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        try await Self.withDatabase(cluster) { database in
            try await database.withConnection { connection in
                _ = try? await database.query("SELECT pg_terminate_backend(pg_backend_pid())", on: connection)
                // Statements written while postgres-nio closes the connection: each fails, one way
                // or the other; the one written just after the close is the one that waited for good.
                var failures = 0
                while !connection.isClosed || failures < 3 {
                    do {
                        _ = try await Self.withinAMinute { try await database.query("SELECT 1", on: connection) }
                        Issue.record("a statement on a terminated backend was answered")
                        return
                    } catch let error as PostgresStoreError {
                        #expect(error.reason == .unavailable || error.reason == .queryFailed, "\(error)")
                    } catch is PSQLError {
                        // postgres-nio's own failure of a statement in flight as the connection closes
                    }
                    failures += 1
                }
            }
        }
    }

    @Test("A transaction keeps its statements when its body returns, and none when it throws or PostgreSQL rolled it back")
    func transactionCommitsOrRollsBack() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        try await Self.withDatabase(cluster) { database in
            try await database.withConnection { connection in
                _ = try await database.query("CREATE TEMPORARY TABLE kept (value INT4)", on: connection)
                struct Refused: Error {}
                await #expect(throws: Refused.self) {
                    try await database.transaction(on: connection) { connection in
                        _ = try await database.query("INSERT INTO kept VALUES (1)", on: connection)
                        throw Refused()
                    }
                }
                try await database.transaction(on: connection) { connection in
                    _ = try await database.query("INSERT INTO kept VALUES (2)", on: connection)
                }
                // A failed statement whose error the body caught: PostgreSQL answers the COMMIT
                // with a rollback, which is no success.
                let rolledBack = await #expect(throws: PostgresStoreError.self) {
                    try await database.transaction(on: connection) { connection in
                        _ = try await database.query("INSERT INTO kept VALUES (3)", on: connection)
                        _ = try? await database.query("SELECT 1 / 0", on: connection)
                    }
                }
                #expect(rolledBack?.reason == .queryFailed)
                let rows = try await database.query("SELECT value FROM kept", on: connection)
                #expect(try rows.map { try $0.decode(Int32.self) } == [2])
            }
        }
    }

    /// The case that waited for good in production: PostgreSQL restarted (here: the lock's backend
    /// terminated) during a refresh, an HTTP round trip under the account's refresh lock. The
    /// refresh's read on the lock's connection fails, its write of the rotated tokens goes through
    /// another connection, and the lock's release does not wait.
    @Test("A refresh whose lock's connection closes under it ends: a read fails as unavailable, the write goes through another connection")
    func refreshWhoseLockConnectionCloses() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let partition = "user-\(UUID().uuidString)"
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { replica in
            _ = try await ServerMock.signIn(server.app().partition(partition, of: replica.store), "alice@contoso.com")
            #expect(try await replica.rawContents(of: partition) != nil)
            try await Self.withinAMinute {
                try await replica.store.withRefreshLock(partition: partition) {
                    let lease = try #require(RefreshLease.holding(partition))
                    // Every other backend of this cluster's database: the lock's among them.
                    _ = try await replica.database.client.query("""
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE pid <> pg_backend_pid() AND datname = current_database() AND backend_type = 'client backend'
                        """).collect()
                    try await Self.waitUntil("the lock's connection closed") { lease.connection.isClosed }
                    let refused = await #expect(throws: PostgresStoreError.self) { try await replica.store.read(partition: partition) }
                    #expect(refused?.reason == .unavailable)
                    try await replica.store.modify(partition: partition) { $0 = TokenStoreContents() }
                }
            }
            #expect(try await replica.rawContents(of: partition) == nil, "the write inside the lock was kept")
        }
    }

    // MARK: Helpers

    /// Runs `body` with a database of its own client on `cluster`, which stops after it.
    private static func withDatabase(_ cluster: PostgresCluster, _ body: @Sendable (NativeAuthDatabase) async throws -> Void) async throws {
        let client = PostgresClient(configuration: try .init(databaseURL: cluster.url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await body(NativeAuthDatabase(client: client, timeout: .seconds(120)))
        }
    }

    /// Waits until `condition` holds, a minute at most.
    private static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("not within a minute: \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    private struct WaitedAMinute: Error {}

    /// What `body` gives, or ``WaitedAMinute`` after a minute without its end (`body` then goes on
    /// in a task of its own, as a statement nobody answers would).
    private static func withinAMinute<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let first = FirstSettled<Result<T, any Error>>()
        let work = Task {
            do { first.settle(.success(try await body())) } catch { first.settle(.failure(error)) }
        }
        let clock = Task {
            try? await Task.sleep(for: .seconds(60))
            first.settle(.failure(WaitedAMinute()))
        }
        defer { clock.cancel() }
        let result = await first.value()
        if case .failure(let error) = result, error is WaitedAMinute { work.cancel() }
        return try result.get()
    }
}
