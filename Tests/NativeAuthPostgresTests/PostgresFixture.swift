import Foundation
import Logging
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import NativeAuthTestSupport
import PostgresNIO
import Synchronization

/// A PostgreSQL for the tests: the process's shared private cluster (each test uses partitions of
/// its own), or a cluster of the test's own when it stops and starts the server.
enum PostgresFixture {
    private static let shared = Mutex<Task<PostgresCluster, any Error>?>(nil)

    /// The shared cluster, started on first use; it stops when the test process ends. The tests
    /// that ask for it while it starts await the one start (no lock is held meanwhile).
    static func sharedCluster() async throws -> PostgresCluster {
        let start = shared.withLock { shared in
            if let shared { return shared }
            let started = Task { try await PostgresCluster.start() }
            shared = started
            return started
        }
        return try await start.value
    }

    static let keys = try! SealingKeys(current: SealingKey(id: "k1", bytes: [UInt8](repeating: 7, count: 32)))

    /// One replica's view of `cluster`: a running client, a migrated database, a running store and a ledger
    /// (its connections with the PostgreSQL `settings` given, such as `statement_timeout`).
    /// `body` runs while they run; they stop after. `timeout` is the store's wait for a connection:
    /// long by default, since a loaded machine may take seconds to connect (the schema is made
    /// with a long one whatever it is, which also leaves a connection in the pool). `url` is where it
    /// connects, `cluster`'s own by default (a proxy's in front of it otherwise).
    static func withReplica<T: Sendable>(
        _ cluster: PostgresCluster, url: String? = nil, timeout: Duration = .seconds(120), cacheCapacity: Int = 1000,
        listenerCheckInterval: Duration = .seconds(15), refreshLockTimeout: Duration = .seconds(120),
        settings: [(String, String)] = [],
        _ body: @Sendable (Replica) async throws -> T
    ) async throws -> T {
        var configuration = try PostgresClient.Configuration(databaseURL: url ?? cluster.url)
        configuration.options.connectTimeout = .seconds(2)
        configuration.options.additionalStartupParameters = settings
        let client = PostgresClient(configuration: configuration)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { await client.run(); return nil }
            try await NativeAuthDatabase(client: client, timeout: .seconds(120)).migrate()
            let database = NativeAuthDatabase(client: client, timeout: timeout)
            let store = PostgresTokenStore(database: database, keys: keys, cacheCapacity: cacheCapacity,
                                           listenerCheckInterval: listenerCheckInterval, refreshLockTimeout: refreshLockTimeout)
            group.addTask { try await store.run(); return nil }
            var changes = store.changes.makeAsyncIterator()
            _ = await changes.next()  // listening
            let replica = Replica(database: database, store: store, ledger: PostgresSealedStateLedger(database: database))
            let result = try await body(replica)
            group.cancelAll()
            return result
        }
    }

    struct Replica: Sendable {
        let database: NativeAuthDatabase
        let store: PostgresTokenStore
        let ledger: PostgresSealedStateLedger

        /// Waits until a notification about `partition` arrived.
        func waitForChange(of partition: String) async {
            for await changed in store.changes where changed == partition { return }
        }

        /// The raw row of `partition`.
        func rawContents(of partition: String) async throws -> String? {
            let rows = try await database.client.query("SELECT contents FROM nativeauth_accounts WHERE partition_key = \(partition)")
            for try await text in rows.decode(String.self) { return text }
            return nil
        }
    }
}
