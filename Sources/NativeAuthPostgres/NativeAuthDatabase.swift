import Logging
import PostgresNIO
import Synchronization

/// The PostgreSQL database a server keeps NativeAuth's state in: the accounts of its users
/// (``PostgresTokenStore``) and the record of resumed flow states (``PostgresSealedStateLedger``),
/// through a `PostgresClient` the app runs (postgres-nio's client is a `Service`: run it with the
/// app's `ServiceGroup`).
///
/// ```swift
/// let client = PostgresClient(configuration: try .init(databaseURL: "postgres://app@127.0.0.1/app?sslmode=disable"))
/// let database = NativeAuthDatabase(client: client)
/// let store = PostgresTokenStore(database: database, keys: keys)
/// let ledger = PostgresSealedStateLedger(database: database)
/// let services = ServiceGroup(services: [client, store, ledger, app], logger: logger)
/// try await database.migrate()  // once the client runs: the schema, made or brought up to date
/// ```
public struct NativeAuthDatabase: Sendable {
    /// The client every query goes through.
    public let client: PostgresClient
    /// How long an operation waits for a connection before it fails with
    /// ``PostgresStoreError/Reason/unavailable``: while PostgreSQL is down, calls fail after this
    /// long rather than wait for it to come back.
    public let timeout: Duration
    let logger: Logger
    /// The close of each connection that ``query(_:on:)`` runs statements on.
    package let closes = ConnectionCloseWatch()

    /// The database behind `client`, logging to `logger` (never a token; silent by default, as the library).
    public init(client: PostgresClient, timeout: Duration = .seconds(5),
                logger: Logger = Logger(label: "nativeauth.postgres", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.client = client
        self.timeout = timeout
        self.logger = logger
    }

    /// Makes the schema, or brings it up to date, under an advisory lock (replicas starting at once
    /// migrate once). Returns the versions it applied (none when it was up to date).
    /// - Throws: ``PostgresStoreError`` when the database cannot be reached or its schema is newer.
    @discardableResult
    public func migrate() async throws -> [Int] {
        let applied = try await withConnection { connection in
            try await PostgresSchema.migrate(connection, in: self)
        }
        if !applied.isEmpty { logger.info("NativeAuth schema migrated", metadata: ["versions": "\(applied)"]) }
        return applied
    }

    /// Runs `operation` with a pooled connection, failing with ``PostgresStoreError/Reason/unavailable``
    /// when none can be had within ``timeout``. Only the wait for a connection is limited: once
    /// `operation` runs, it runs to its end (a refresh under a lock is never cut short). An app's own
    /// tables (its sessions, say) use it to fail as the store does while PostgreSQL is down, with
    /// their statements run through ``query(_:on:)`` and ``transaction(on:_:)``, which fail when the
    /// connection closes under them.
    /// - Throws: ``PostgresStoreError`` (`unavailable` when no connection came in time, or the
    ///   connection failed; `queryFailed` when PostgreSQL refused a query), or what `operation` threw.
    public func withConnection<T: Sendable>(_ operation: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let race = ConnectionRace()
        let timeout = timeout
        do {
            return try await withoutActuallyEscaping(operation) { operation in
                try await withThrowingTaskGroup(of: T?.self) { group in
                    group.addTask { [client] in
                        try await client.withConnection { connection in
                            guard race.settle(.leased) else { throw CancellationError() }
                            return try await operation(connection)
                        }
                    }
                    group.addTask {
                        try? await Task.sleep(for: timeout)
                        if race.settle(.timedOut) { throw PostgresStoreError(.unavailable, "PostgreSQL gave no connection within \(timeout).") }
                        return nil
                    }
                    while let result = try await group.next() {
                        if let value = result {
                            group.cancelAll()
                            return value
                        }
                    }
                    throw CancellationError()
                }
            }
        } catch {
            throw PostgresStoreError.from(error)
        }
    }
}

/// Who won between a connection lease and its timeout (``NativeAuthDatabase/withConnection(_:)``).
private final class ConnectionRace: Sendable {
    enum Outcome { case waiting, leased, timedOut }

    private let outcome = Mutex(Outcome.waiting)

    /// Settles the race as `outcome`; false when the other side settled it first.
    func settle(_ settled: Outcome) -> Bool {
        outcome.withLock { outcome in
            guard outcome == .waiting else { return false }
            outcome = settled
            return true
        }
    }
}
