#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Metrics
import NativeAuth
import NativeAuthServer
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// A partitioned token store on PostgreSQL, for a server of several replicas: one row per
/// partition (a user), its contents encrypted at rest with the application's keys, an in-memory
/// first level in front, and a refresh single-flighted across replicas by an advisory lock.
///
/// - **Reads** come from the first level (bounded to ``cacheCapacity`` partitions, the least
///   recently used going first) while this replica listens to the others' changes (`LISTEN
///   nativeauth_accounts`: run the store as a `Service`); else, on a miss, and for a partition that
///   holds no account (so that a sign-in on another replica is seen at once), from PostgreSQL. The
///   listening connection is asked every ``listenerCheckInterval`` whether it still answers: one
///   that went silent without closing is dropped, and the first level unused until listening again.
/// - **Writes** (``modify(partition:_:)``) lock the partition's row for their transaction
///   (`pg_advisory_xact_lock`), write it with a new version and notify the other replicas, which
///   drop their copy.
/// - **Refreshes** (``withRefreshLock(partition:_:)``) hold the partition's advisory lock on one
///   connection for the refresh (waiting ``refreshLockTimeout`` at most for another's to end); the
///   partition's reads and writes inside go through that connection to the database, so the
///   refresh token spent is the one stored, and no two replicas spend it.
///   A rotated refresh token whose write fails is written again on a fresh connection until
///   ``rotatedTokenWriteDeadline``: it is not lost to a connection that broke after the server answered.
/// - **When PostgreSQL is down**, a cached access token is still served from the first level (a
///   read falls back to it), while sign-ins, refreshes and sign-outs fail with
///   ``PostgresStoreError/Reason/unavailable`` after the database's timeout; nothing is written
///   half, and the first level is emptied when the replica listens again.
///
/// Metrics: `nativeauth_store_l1_hits_total`, `nativeauth_store_l1_misses_total`, and
/// `nativeauth_store_duration_seconds` (timer; `operation`: `read`, `modify`, `refresh_lock`).
public final class PostgresTokenStore: NativeAuthPartitionedTokenStore, Service {
    /// The partitions the first level holds at most, by default.
    public static let defaultCacheCapacity = 10_000

    /// The database.
    public let database: NativeAuthDatabase
    /// How many partitions the first level holds at most.
    public var cacheCapacity: Int { cache.capacity }
    /// How long a rotated refresh token's write is tried again when it fails.
    public let rotatedTokenWriteDeadline: Duration
    /// How often the connection listening to the other replicas' changes is asked whether it still
    /// answers, and how long it has to answer.
    public let listenerCheckInterval: Duration
    /// How long a refresh waits for another's refresh of the same account (on any replica) to end
    /// before it fails with ``PostgresStoreError/Reason/unavailable``.
    public let refreshLockTimeout: Duration

    private let cipher: AtRestCipher
    private let cache: AccountsCache
    private let listening = Atomic(false)
    private let logger: Logger
    /// Every change noted from a notification (its partition), and every time listening starts
    /// (an empty string): what a test waits on instead of a timer.
    package let changes: AsyncStream<String>
    private let changesContinuation: AsyncStream<String>.Continuation

    static let channel = "nativeauth_accounts"
    /// The advisory locks' first keys: a partition's writes, and its refresh.
    static let modifyLock: Int32 = 0x4E41_0002
    static let refreshLock: Int32 = 0x4E41_0003

    /// A store in `database`, encrypting rows with `keys` (the current one encrypts; every one opens).
    public init(database: NativeAuthDatabase, keys: SealingKeys, cacheCapacity: Int = defaultCacheCapacity,
                rotatedTokenWriteDeadline: Duration = .seconds(30), listenerCheckInterval: Duration = .seconds(15),
                refreshLockTimeout: Duration = .seconds(120)) {
        self.database = database
        self.refreshLockTimeout = refreshLockTimeout
        self.listenerCheckInterval = listenerCheckInterval
        cipher = AtRestCipher(keys: keys)
        cache = AccountsCache(capacity: cacheCapacity)
        self.rotatedTokenWriteDeadline = rotatedTokenWriteDeadline
        logger = database.logger
        (changes, changesContinuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1000))
    }

    /// Whether this replica hears the others' changes now (its first level is then used).
    public var isListening: Bool { listening.load(ordering: .acquiring) }

    // MARK: NativeAuthPartitionedTokenStore

    public func read(partition: String) async throws -> TokenStoreContents {
        if let lease = RefreshLease.holding(partition) {
            return try await measured("read") {
                do { return try await load(partition, on: lease.connection) } catch { throw PostgresStoreError.from(error) }
            }
        }
        if isListening, let cached = cache.contents(of: partition) {
            Counter(label: "nativeauth_store_l1_hits_total").increment()
            return cached
        }
        Counter(label: "nativeauth_store_l1_misses_total").increment()
        do {
            return try await measured("read") { try await database.withConnection { try await self.load(partition, on: $0) } }
        } catch let error as PostgresStoreError where error.reason == .unavailable {
            guard let stale = cache.contents(of: partition) else { throw error }
            logger.warning("PostgreSQL unavailable: serving the first level's copy", metadata: ["error": "\(error)"])
            return stale
        }
    }

    public func modify<T: Sendable>(partition: String, _ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T {
        try await measured("modify") {
            guard let lease = RefreshLease.holding(partition) else {
                return try await database.withConnection { try await self.modify(partition, on: $0, body) }
            }
            do {
                return try await modify(partition, on: lease.connection, body)
            } catch {
                let error = PostgresStoreError.from(error)
                guard let storeError = error as? PostgresStoreError, storeError.reason == .unavailable else { throw error }
                // The lock's connection broke, maybe after the server rotated the refresh token
                // this write keeps: write it on another connection, until the deadline.
                return try await writeAgain(partition, after: storeError, body)
            }
        }
    }

    public func withRefreshLock<T: Sendable>(partition: String, _ body: @Sendable () async throws -> T) async throws -> T {
        try await database.withConnection { connection in
            let start = ContinuousClock.now
            try await self.lockForRefresh(partition, on: connection)
            Metrics.Timer(label: "nativeauth_store_duration_seconds", dimensions: [("operation", "refresh_lock")])
                .recordInterval(since: start)
            let result: Result<T, any Error>
            do {
                result = .success(try await RefreshLease.$current.withValue(RefreshLease(partition: partition, connection: connection)) {
                    try await body()
                })
            } catch {
                result = .failure(error)
            }
            // A broken connection has let go of the lock already.
            _ = try? await self.database.query("SELECT pg_advisory_unlock(\(Self.refreshLock), hashtext(\(partition)))", on: connection)
            return try result.get()
        }
    }

    /// Takes `partition`'s refresh lock on `connection`, waiting ``refreshLockTimeout`` at most
    /// (`lock_timeout`, for this statement only): a replica whose refresh hangs, or whose connection
    /// went silent while PostgreSQL keeps its session (and lock) for as long as TCP takes to notice,
    /// must not hold every other refresh of the account, and the connection each waits on, for hours.
    private func lockForRefresh(_ partition: String, on connection: PostgresConnection) async throws {
        let milliseconds = refreshLockTimeout.components.seconds * 1000 + refreshLockTimeout.components.attoseconds / 1_000_000_000_000_000
        let timeout = "\(max(milliseconds, 1))ms"
        _ = try await database.query("SELECT set_config('lock_timeout', \(timeout), false)", on: connection)
        let locked: Result<Void, any Error>
        do {
            // Read to its end (as every query(_:on:) is): a lock not had (this timeout, a role's
            // statement_timeout) must not pass for one, or two replicas spend the refresh token.
            _ = try await database.query("SELECT pg_advisory_lock(\(Self.refreshLock), hashtext(\(partition)))", on: connection)
            locked = .success(())
        } catch {
            locked = .failure(error)
        }
        _ = try? await database.query("RESET lock_timeout", on: connection)
        do {
            try locked.get()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.lockNotAvailable.raw {
            throw PostgresStoreError(.unavailable, "Another refresh of the account did not end within \(refreshLockTimeout).")
        }
    }

    // MARK: Service

    /// Listens to the other replicas' changes until the service group shuts down, listening again
    /// after a failure (and emptying the first level then, since changes may have been missed).
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var backoff = Duration.milliseconds(100)
            while !Task.isCancelled {
                do {
                    try await self.database.client.withConnection { connection in
                        // Closed before it goes back to the pool when listening failed: the pool
                        // could otherwise hand a connection the server is closing to another
                        // statement, which postgres-nio may then never answer.
                        do {
                            try await self.listen(on: connection)
                        } catch {
                            try? await connection.close()
                            throw error
                        }
                    }
                    backoff = .milliseconds(100)
                } catch {
                    if Task.isCancelled { break }
                    self.logger.warning("not listening to the other replicas' changes",
                                        metadata: ["error": "\(PostgresStoreError.from(error))"])
                }
                self.listening.store(false, ordering: .releasing)
                try? await Task.sleep(for: backoff)
                backoff = min(backoff * 2, .seconds(5))
            }
            self.listening.store(false, ordering: .releasing)
        }
    }

    /// Listens on `connection` until it fails: empties the first level and tells ``changes`` once
    /// listening, then notes each change heard while ``checkListening(on:)`` finds the connection answering.
    private func listen(on connection: PostgresConnection) async throws {
        try await connection.listen(on: Self.channel) { notifications in
            self.cache.removeAll()
            self.listening.store(true, ordering: .releasing)
            self.changesContinuation.yield("")
            self.logger.debug("listening to the other replicas' changes")
            try await withTaskCancellationHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await notification in notifications {
                            self.noted(notification.payload)
                        }
                    }
                    group.addTask { try await self.checkListening(on: connection) }
                    try await group.next()
                    group.cancelAll()
                }
            } onCancel: {
                // The notifications of a connection that went silent (half-open) never end by
                // themselves, and a cancelled wait for them neither: closed, they end, so a shutdown
                // never waits for a connection that will not answer.
                let closing: EventLoopFuture<Void> = connection.close()
                closing.whenComplete { _ in }
            }
        }
    }

    /// Asks the listening connection every ``listenerCheckInterval`` whether it still answers, and
    /// throws when it does not answer within that long: a connection that went silent without
    /// closing (a half-open TCP connection, a backend that hangs) delivers no notification and no
    /// error, and the first level would be served from forever. It is closed, and the first level
    /// no longer used, before listening again.
    private func checkListening(on connection: PostgresConnection) async throws {
        let interval = listenerCheckInterval
        while true {
            try await Task.sleep(for: interval)
            switch await ListeningCheck.run(on: connection, within: interval, logger: logger) {
            case .answered:
                continue
            case .cancelled:
                throw CancellationError()
            case .failed(let error):
                throw error
            case .closed:
                listening.store(false, ordering: .releasing)
                throw PostgresStoreError(.unavailable, "The connection listening to the other replicas' changes closed.")
            case .timedOut:
                // Closed: its notifications end, and so does the listening, which starts again on another.
                listening.store(false, ordering: .releasing)
                try? await connection.close()
                throw PostgresStoreError(.unavailable, "The connection listening to the other replicas' changes did not answer within \(interval).")
            }
        }
    }

    // MARK: Rows

    /// The contents of `partition` as stored (empty when there is no row), kept in the first level.
    private func load(_ partition: String, on connection: PostgresConnection) async throws -> TokenStoreContents {
        let generation = cache.generation
        let (contents, version) = try await row(of: partition, on: connection)
        if let rowRead = Self.rowRead { try await rowRead() }
        cache.store(contents, of: partition, version: version, readIn: generation)
        return contents
    }

    /// What a test runs between reading a row and keeping it in the first level, to change the world
    /// in between; nil (nothing) otherwise.
    @TaskLocal package static var rowRead: (@Sendable () async throws -> Void)?

    private func row(of partition: String, on connection: PostgresConnection) async throws -> (TokenStoreContents, Int64) {
        let rows = try await database.query(
            "SELECT contents, version FROM nativeauth_accounts WHERE partition_key = \(partition)", on: connection)
        for row in rows {
            let (text, version) = try row.decode((String, Int64).self)
            return (try decode(text, partition: partition), version)
        }
        return (TokenStoreContents(), 0)
    }

    private func modify<T: Sendable>(_ partition: String, on connection: PostgresConnection,
                                     _ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T {
        let generation = cache.generation
        let (result, written) = try await database.transaction(on: connection) { connection in
            _ = try await self.database.query("SELECT pg_advisory_xact_lock(\(Self.modifyLock), hashtext(\(partition)))", on: connection)
            let (before, _) = try await self.row(of: partition, on: connection)
            var contents = before
            let result = try body(&contents)
            guard contents != before else { return (result, nil as (TokenStoreContents, Int64)?) }
            let version = try await self.write(contents, of: partition, on: connection)
            return (result, (contents, version))
        }
        if let (contents, version) = written { cache.store(contents, of: partition, version: version, readIn: generation) }
        return result
    }

    /// Writes `contents` (deleting the row when empty) with a new version, and tells the other
    /// replicas (`NOTIFY`, sent when the transaction commits), in one statement.
    private func write(_ contents: TokenStoreContents, of partition: String, on connection: PostgresConnection) async throws -> Int64 {
        let rows: PostgresQueryResult
        if contents.accounts.isEmpty {
            rows = try await database.query("""
                WITH gone AS (DELETE FROM nativeauth_accounts WHERE partition_key = \(partition)),
                     next AS (SELECT nextval('nativeauth_account_versions') AS version)
                SELECT version, pg_notify(\(Self.channel), version || ':' || \(partition)) IS NULL FROM next
                """, on: connection)
        } else {
            let sealed = try encode(contents, partition: partition)
            rows = try await database.query("""
                WITH written AS (
                    INSERT INTO nativeauth_accounts (partition_key, contents, version)
                    VALUES (\(partition), \(sealed), nextval('nativeauth_account_versions'))
                    ON CONFLICT (partition_key) DO UPDATE
                    SET contents = EXCLUDED.contents, version = EXCLUDED.version, updated_at = now()
                    RETURNING version)
                SELECT version, pg_notify(\(Self.channel), version || ':' || \(partition)) IS NULL FROM written
                """, on: connection)
        }
        var version: Int64 = 0
        for row in rows { (version, _) = try row.decode((Int64, Bool).self) }
        return version
    }

    /// A write inside a refresh lock whose connection broke, tried again on pooled connections
    /// until ``rotatedTokenWriteDeadline``.
    private func writeAgain<T: Sendable>(_ partition: String, after first: any Error,
                                         _ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T {
        let deadline = ContinuousClock.now + rotatedTokenWriteDeadline
        var lastError = first
        var pause = Duration.milliseconds(100)
        while ContinuousClock.now < deadline {
            logger.warning("writing the refreshed tokens again", metadata: ["error": "\(lastError)"])
            do {
                return try await database.withConnection { try await self.modify(partition, on: $0, body) }
            } catch {
                lastError = error
            }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(2))
        }
        throw lastError
    }

    /// A notification `version:partition` from a replica's write.
    private func noted(_ payload: String) {
        guard let colon = payload.firstIndex(of: ":"), let version = Int64(payload[..<colon]) else { return }
        let partition = String(payload[payload.index(after: colon)...])
        cache.invalidate(partition, version: version)
        changesContinuation.yield(partition)
    }

    private func encode(_ contents: TokenStoreContents, partition: String) throws -> String {
        cipher.seal(try JSONEncoder().encode(contents), context: partition)
    }

    private func decode(_ text: String, partition: String) throws -> TokenStoreContents {
        do {
            return try JSONDecoder().decode(TokenStoreContents.self, from: cipher.open(text, context: partition))
        } catch {
            throw PostgresStoreError(.unreadableRow, "The stored accounts of a partition do not open: \(error)")
        }
    }

    private func measured<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        defer {
            Metrics.Timer(label: "nativeauth_store_duration_seconds", dimensions: [("operation", operation)]).recordInterval(since: start)
        }
        return try await body()
    }

    /// How many partitions (and change marks) the first level holds now.
    public var cachedPartitionCount: Int { cache.count }
}
