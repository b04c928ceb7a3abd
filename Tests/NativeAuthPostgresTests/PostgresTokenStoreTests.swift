import Foundation
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import NativeAuthTestSupport
import PostgresNIO
import Synchronization
import Testing

/// Time limits here are long (the suite's 10 minutes): a test cancelled while one of its statements
/// is on its way can wait for good (postgres-nio 1.33 writes a statement to its connection without
/// a promise, so one written after the connection closed is never answered), and a limit that
/// fires on a loaded machine would turn slowness into a hang. CI's run has its own limit.
@Suite("PostgreSQL token store", .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"), .timeLimit(.minutes(10)))
struct PostgresTokenStoreTests {
    @Test("Migrations run once, even from replicas starting at once")
    func migrations() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let client = PostgresClient(configuration: try .init(databaseURL: cluster.url))
                    return try await withThrowingTaskGroup(of: [Int]?.self) { inner in
                        inner.addTask { await client.run(); return nil }
                        let applied = try await NativeAuthDatabase(client: client, timeout: .seconds(120)).migrate()
                        inner.cancelAll()
                        return applied
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(applied.sorted { $0.count > $1.count } == [[1], [], []])
    }

    @Test("Before the migration, the ledger's clean-up finds nothing to delete; recording an opening fails loudly")
    func ledgerBeforeMigration() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let client = PostgresClient(configuration: try .init(databaseURL: cluster.url))
        try await withThrowingTaskGroup(of: Void.self) { group async throws in
            group.addTask { await client.run() }
            let ledger = PostgresSealedStateLedger(database: NativeAuthDatabase(client: client, timeout: .seconds(120)))
            #expect(try await ledger.removeExpired() == 0)
            let refused = await #expect(throws: PostgresStoreError.self) {
                try await ledger.recordFirstUse(of: UUID(), expiresAt: Date().addingTimeInterval(60))
            }
            #expect(refused?.reason == .queryFailed)
            group.cancelAll()
        }
    }

    @Test("A sign-in is one row of its partition, encrypted at rest, read by another replica")
    func signInIsOneEncryptedRow() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let partition = "user-\(UUID().uuidString)"
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { a in
            _ = try await ServerMock.signIn(server.app().partition(partition, of: a.store), "alice@contoso.com")
            let raw = try #require(try await a.rawContents(of: partition))
            #expect(!raw.contains("fake-refresh") && !raw.contains("alice"))
            try await PostgresFixture.withReplica(cluster) { b in
                let account = try await server.app().partition(partition, of: b.store).storedAccount()
                #expect(account?.account.username == "alice@contoso.com")
            }
        }
    }

    @Test("A write on one replica drops the other replica's first-level copy")
    func notificationsInvalidate() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let partition = "user-\(UUID().uuidString)"
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { a in
            try await PostgresFixture.withReplica(cluster) { b in
                let account = try await ServerMock.signIn(server.app().partition(partition, of: a.store), "alice@contoso.com")
                #expect(try await b.store.read(partition: partition).accounts.count == 1)  // now in b's first level
                try await account.signOutFromStore()
                // Each turn waits for a notification about the partition (the sign-in's may come first).
                while try await !b.store.read(partition: partition).accounts.isEmpty {
                    await b.waitForChange(of: partition)
                }
            }
        }
    }

    @Test("Two replicas refreshing the same account at once spend its refresh token once")
    func refreshSingleFlightAcrossReplicas() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let partition = "user-\(UUID().uuidString)"
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { a in
            try await PostgresFixture.withReplica(cluster) { b in
                _ = try await ServerMock.signIn(server.app().partition(partition, of: a.store), "alice@contoso.com")
                let clock = ManualClock()
                clock.advance(by: 3600)  // the access token expired: both must refresh
                let onA = try #require(try await server.app(clock: clock).partition(partition, of: a.store).storedAccount())
                let onB = try #require(try await server.app(clock: clock).partition(partition, of: b.store).storedAccount())
                async let first = onA.getAccessToken()
                async let second = onB.getAccessToken()
                let tokens = try await [first.accessToken, second.accessToken]
                #expect(tokens == ["fake-access-1", "fake-access-1"])
                #expect(server.spentRefreshTokens == ["fake-refresh-0"])
                let stored = try await a.store.read(partition: partition)
                #expect(stored.accounts.first?.hasRefreshToken == true)
                // The rotated token is the one stored: the next refresh spends it.
                _ = try await onB.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
                #expect(server.spentRefreshTokens == ["fake-refresh-0", "fake-refresh-1"])
            }
        }
    }

    @Test("A refresh waits for another replica's refresh of the same account (one that hangs, or whose connection went silent) for refreshLockTimeout at most, then fails clearly")
    func refreshLockWaitIsBounded() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let partition = "user-\(UUID().uuidString)"
        try await PostgresFixture.withReplica(cluster) { a in
            try await PostgresFixture.withReplica(cluster, refreshLockTimeout: .milliseconds(300)) { b in
                try await Self.whileRefreshing(partition, on: a) {
                    let error = await #expect(throws: PostgresStoreError.self) {
                        try await b.store.withRefreshLock(partition: partition) {}
                    }
                    #expect(error?.reason == .unavailable)
                }
                // Released, the lock is had again.
                try await b.store.withRefreshLock(partition: partition) {}
            }
        }
    }

    @Test("A refresh lock not had (a statement_timeout set for the role) is an error: the refresh does not run without it")
    func refreshLockNotHadIsAnError() async throws {
        // A cluster of its own: on the shared one, other tests' replicas hold the migration's lock
        // now and then, and b's own migration would run into its statement_timeout.
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let partition = "user-\(UUID().uuidString)"
        try await PostgresFixture.withReplica(cluster) { a in
            try await PostgresFixture.withReplica(cluster, settings: [("statement_timeout", "2s")]) { b in
                let ranWithoutLock = Mutex(false)
                try await Self.whileRefreshing(partition, on: a) {
                    await #expect(throws: PostgresStoreError.self) {
                        try await b.store.withRefreshLock(partition: partition) { ranWithoutLock.withLock { $0 = true } }
                    }
                }
                #expect(!ranWithoutLock.withLock { $0 }, "the refresh ran while another replica held the lock")
            }
        }
    }

    /// Runs `body` while `replica` holds `partition`'s refresh lock (a refresh in progress there),
    /// then lets it go and waits until it has.
    private static func whileRefreshing(_ partition: String, on replica: PostgresFixture.Replica,
                                        _ body: () async throws -> Void) async throws {
        let (locked, lockedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (released, releasedContinuation) = AsyncStream.makeStream(of: Void.self)
        async let holder: Void = replica.store.withRefreshLock(partition: partition) {
            lockedContinuation.yield()
            for await _ in released { break }
        }
        for await _ in locked { break }
        do {
            try await body()
        } catch {
            releasedContinuation.yield()
            try? await holder
            throw error
        }
        releasedContinuation.yield()
        try await holder
    }

    @Test("A row changed in the database is an error, never an empty partition")
    func tamperedRow() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let partition = "user-\(UUID().uuidString)"
        let other = "user-\(UUID().uuidString)"
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { a in
            _ = try await ServerMock.signIn(server.app().partition(partition, of: a.store), "alice@contoso.com")
            _ = try await ServerMock.signIn(server.app().partition(other, of: a.store), "bob@contoso.com")
            // Bob's row copied over Alice's: it does not open as Alice's.
            try await a.database.client.query("""
                UPDATE nativeauth_accounts SET contents = (SELECT contents FROM nativeauth_accounts WHERE partition_key = \(other))
                WHERE partition_key = \(partition)
                """)
            try await PostgresFixture.withReplica(cluster) { b in
                let error = await #expect(throws: PostgresStoreError.self) { try await b.store.read(partition: partition) }
                #expect(error?.reason == .unreadableRow)
            }
        }
    }

    @Test("The first level keeps at most its capacity")
    func boundedFirstLevel() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        try await PostgresFixture.withReplica(cluster, cacheCapacity: 20) { a in
            for index in 0..<60 { _ = try await a.store.read(partition: "bounded-\(UUID().uuidString)-\(index)") }
            #expect(a.store.cachedPartitionCount <= 20)
        }
    }

    @Test("The ledger records a sealed state's first opening once, across replicas, and deletes rows expired for longer than the clock skew allowance")
    func ledger() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        try await PostgresFixture.withReplica(cluster) { a in
            try await PostgresFixture.withReplica(cluster) { b async throws in
                let id = UUID()
                #expect(try await a.ledger.recordFirstUse(of: id, expiresAt: Date().addingTimeInterval(600)))
                #expect(try await !b.ledger.recordFirstUse(of: id, expiresAt: Date().addingTimeInterval(600)))
                let allowance = TimeInterval(PostgresSealedStateLedger.defaultClockSkewAllowance.components.seconds)
                let expired = UUID(), longGone = UUID()
                #expect(try await a.ledger.recordFirstUse(of: expired, expiresAt: Date().addingTimeInterval(-1)))
                #expect(try await a.ledger.recordFirstUse(of: longGone, expiresAt: Date().addingTimeInterval(-allowance - 60)))
                #expect(try await b.ledger.removeExpired() >= 1)
                #expect(try await !a.ledger.recordFirstUse(of: expired, expiresAt: Date().addingTimeInterval(-1)), "kept for the allowance")
                #expect(try await a.ledger.recordFirstUse(of: longGone, expiresAt: Date().addingTimeInterval(-allowance - 60)), "its row is gone")
            }
        }
    }

    @Test("A replica whose clock runs late opens a sealed state once, even after the expired rows were deleted")
    func lateClockOpensOnce() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let server = ServerMock()
        // Two minutes behind PostgreSQL: a value sealed there for a minute has expired by
        // PostgreSQL's clock while it still opens on this replica.
        let late = ManualClock(start: Date().addingTimeInterval(-120))
        try await PostgresFixture.withReplica(cluster) { a in
            let partition = "user-\(UUID().uuidString)"
            let app = try server.app(clock: late).partition(partition, of: a.store)
            guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: "alice@contoso.com"))
            else { Issue.record("no code"); return }
            let sealer = FlowStateSealer(keys: PostgresFixture.keys, ledger: a.ledger, lifetime: .seconds(60), clock: late)
            let sealed = sealer.seal(state)
            _ = try await sealer.open(sealed, as: SignInCodeRequiredState.self, in: app)
            try await a.ledger.removeExpired()
            let replay = await #expect(throws: FlowStateSealingError.self) {
                try await sealer.open(sealed, as: SignInCodeRequiredState.self, in: app)
            }
            #expect(replay?.reason == .alreadyUsed)
        }
    }

    @Test("A sealed sign-in opens once across replicas through the PostgreSQL ledger")
    func sealedStateOnceAcrossReplicas() async throws {
        let cluster = try await PostgresFixture.sharedCluster()
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster) { a in
            try await PostgresFixture.withReplica(cluster) { b in
                let partition = "user-\(UUID().uuidString)"
                guard case .codeRequired(let state, _, _, _) = await (try server.app()).partition(partition, of: a.store)
                    .signIn(parameters: NativeAuthSignInParameters(username: "alice@contoso.com")) else { Issue.record("no code"); return }
                let sealed = FlowStateSealer(keys: PostgresFixture.keys, ledger: a.ledger).seal(state)
                let onB = try server.app().partition(partition, of: b.store)
                let resumed = try await FlowStateSealer(keys: PostgresFixture.keys, ledger: b.ledger)
                    .open(sealed, as: SignInCodeRequiredState.self, in: onB)
                guard case .completed = await resumed.submitCode(code: "12345678") else { Issue.record("not signed in"); return }
                let replay = await #expect(throws: FlowStateSealingError.self) {
                    try await FlowStateSealer(keys: PostgresFixture.keys, ledger: a.ledger).open(sealed, in: server.app().partition(partition, of: a.store))
                }
                #expect(replay?.reason == .alreadyUsed)
                #expect(try await a.store.read(partition: partition).accounts.map(\.username) == ["alice@contoso.com"])
            }
        }
    }
}
