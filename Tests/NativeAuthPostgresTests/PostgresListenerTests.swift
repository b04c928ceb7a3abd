import Foundation
import Logging
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import NativeAuthTestSupport
import PostgresNIO
import Synchronization
import Testing

@Suite("The connection listening to the other replicas' changes", .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"),
       .timeLimit(.minutes(10)))
struct PostgresListenerTests {
    @Test("A listening connection that stops answering without closing (a half-open TCP connection) is noticed: the first level is not served from forever")
    func silentListenerIsNoticed() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let proxy = try SilenceableProxy(upstreamPort: cluster.port)
        defer { proxy.stop() }
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster, url: cluster.url(port: proxy.port),
                                              listenerCheckInterval: .milliseconds(200)) { a in
            try await PostgresFixture.withReplica(cluster) { b in
                let signedIn = try await ServerMock.signIn(server.app().partition("alice", of: b.store), "alice@contoso.com")
                #expect(try await a.store.read(partition: "alice").accounts.count == 1)  // in a's first level now

                // a's listening connection goes silent, left open: no notification reaches a, no error either.
                #expect(proxy.silenceListeningConnections() == 1)
                try await signedIn.signOutFromStore()

                // a notices, stops serving its first level, and listens again on another connection.
                var changes = a.store.changes.makeAsyncIterator()
                while try await !a.store.read(partition: "alice").accounts.isEmpty {
                    _ = await changes.next()
                }
            }
        }
    }

    @Test("A partition without accounts is not served from the first level: a sign-in on another replica is seen before its notification arrives")
    func signInElsewhereIsSeenAtOnce() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let proxy = try SilenceableProxy(upstreamPort: cluster.port)
        defer { proxy.stop() }
        let server = ServerMock()
        let partition = "carol-\(UUID().uuidString)"
        try await PostgresFixture.withReplica(cluster, url: cluster.url(port: proxy.port)) { a in
            try await PostgresFixture.withReplica(cluster) { b in
                #expect(try await a.store.read(partition: partition).accounts.isEmpty)  // read while empty
                #expect(proxy.silenceListeningConnections() == 1)  // a hears nothing from now on
                _ = try await ServerMock.signIn(server.app().partition(partition, of: b.store), "carol@contoso.com")
                #expect(a.store.isListening)
                #expect(try await a.store.read(partition: partition).accounts.count == 1)
            }
        }
    }

    @Test("A read in flight while the replica listens again does not put back what a change it could not hear replaced")
    func readAcrossListeningAgainIsNotKept() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { b in
            _ = try await ServerMock.signIn(server.app().partition("alice", of: b.store), "alice@contoso.com")
        }
        try await PostgresFixture.withReplica(cluster) { a in
            let changed = Mutex(false)
            let read = try await PostgresTokenStore.$rowRead.withValue({
                // Between the row's read and its keeping: the listening connection drops, the row
                // changes unheard (no NOTIFY), and the replica listens again (emptying its first level).
                // Both statements on one connection, which cannot be the one dropped.
                try await a.database.client.withConnection { connection in
                    let logger = Logger(label: "test")
                    for try await _ in try await connection.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'", logger: logger) {}
                    for try await _ in try await connection.query("DELETE FROM nativeauth_accounts WHERE partition_key = 'alice'", logger: logger) {}
                }
                for await change in a.store.changes where change.isEmpty { break }
                changed.withLock { $0 = true }
            }) {
                try await a.store.read(partition: "alice")
            }
            #expect(changed.withLock { $0 } && read.accounts.count == 1)  // what the read saw, before the change
            #expect(a.store.isListening)
            #expect(try await a.store.read(partition: "alice").accounts.isEmpty, "the first level kept a copy older than its emptying")
        }
    }
}
