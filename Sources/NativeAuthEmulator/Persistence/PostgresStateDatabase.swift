import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import NativeAuthShared
import PostgresNIO

/// A PostgreSQL database that any number of emulator instances share, on any machines
/// (`--database postgres://USER@HOST:PORT/DB`), through postgres-nio.
///
/// Every transaction takes a transaction-level advisory lock (``lockKey``) right after its
/// `BEGIN`, so transactions of all instances happen one after another, as SQLite's write lock
/// orders those of one folder. One connection per instance, opened at start (a server that cannot be
/// reached, refuses the user or has no such database is an error then, never a fall-back), and
/// opened again by the first transaction after it was lost: while the server is away each
/// transaction fails with a ``PersistenceError`` that says so, and once it is back the instance
/// reads the whole state again. The engine is synchronous (its transactions run under the store's
/// lock), so each statement waits for postgres-nio's answer on the calling thread, or for the
/// connection's close (``WatchedPostgresConnection``), which a statement not answered within
/// ``answerDeadline`` forces.
///
/// An instance gone silent in the middle of a transaction (its machine lost, its network cut)
/// would hold the lock of every instance until PostgreSQL noticed the dead connection, hours with
/// TCP's default keepalive: each connection asks PostgreSQL to end its session when it sits idle
/// inside a transaction for a minute (``defaultIdleInTransactionTimeout``, `idle_in_transaction_session_timeout`),
/// which lets the lock go. An instance's own transactions run their statements one after another;
/// what takes long between them (hashing a seed's passwords) is done before the transaction. A
/// wait for the lock ends after ``lockTimeout`` (`lock_timeout`), with PostgreSQL's error, before
/// the answer deadline would close the connection. Both are set with `SET` once connected (not as
/// startup parameters, which a pooler such as PgBouncer may refuse).
final class PostgresStateDatabase: StateDatabase {
    /// The advisory lock every transaction takes (any constant the emulators agree on).
    static let lockKey: Int64 = 0x6E61_5F65_6D75
    /// How long PostgreSQL lets a session of an instance sit idle inside a transaction, by default.
    static let defaultIdleInTransactionTimeout: Duration = .seconds(60)
    /// How long a statement waits for its answer before its connection is closed, by default:
    /// longer than a wait for the lock behind an instance gone silent, which PostgreSQL ends after
    /// ``defaultIdleInTransactionTimeout``.
    static let defaultAnswerDeadline: Duration = .seconds(150)
    /// How long a statement waits for a lock (the one every transaction takes) before PostgreSQL
    /// fails it: shorter than ``defaultAnswerDeadline``.
    static let lockTimeout: Duration = .seconds(120)

    let location: String
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    /// How long a statement waits for its answer before its connection is closed.
    let answerDeadline: Duration
    /// The settings each connection makes once connected.
    private let sessionSettings: [String]
    /// The open connection (whose statement fails when it closes), and the lock that makes
    /// transactions of this instance take turns on it.
    private let connection = Locked<WatchedPostgresConnection?>(nil)

    /// Connects to the database `url` names (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`; the
    /// password may also come from `PGPASSWORD`). Throws a ``PersistenceError`` saying why when the
    /// URL is not one, or the database cannot be used. The two durations are the defaults' but in
    /// tests.
    init(url: String, logger: Logger, idleInTransactionTimeout: Duration = defaultIdleInTransactionTimeout,
         answerDeadline: Duration = defaultAnswerDeadline) throws {
        (configuration, location) = try Self.configuration(url)
        sessionSettings = [
            "SET idle_in_transaction_session_timeout = '\(Self.milliseconds(idleInTransactionTimeout))ms'",
            "SET lock_timeout = '\(Self.milliseconds(Self.lockTimeout))ms'",
        ]
        self.answerDeadline = answerDeadline
        self.logger = logger
        try connection.withLock { open in open = try connect() }
    }

    deinit {
        // The closure holds the connection until it is closed (postgres-nio asserts on one released open).
        if let open = connection.withLock({ $0?.connection }) { open.close().whenComplete { _ in withExtendedLifetime(open) {} } }
    }

    func transaction<Result>(_ body: (any SQLStatements) throws -> Result) throws -> Result {
        try connection.withLock { open in
            let current: WatchedPostgresConnection
            if let existing = open, !existing.connection.isClosed {
                current = existing
            } else {
                open = nil
                current = try connect()
                open = current
            }
            let statements = Statements(open: current, database: self)
            do {
                try statements.execute("BEGIN", [])
                try statements.execute("SELECT pg_advisory_xact_lock(?)", [.integer(Self.lockKey)])
                let result = try body(statements)
                try statements.execute("COMMIT", [])
                return result
            } catch {
                if !current.connection.isClosed { _ = try? statements.execute("ROLLBACK", []) }
                if current.connection.isClosed {
                    open = nil
                    let closed = current.connection
                    closed.close().whenComplete { _ in withExtendedLifetime(closed) {} }
                }
                throw error
            }
        }
    }

    private func connect() throws -> WatchedPostgresConnection {
        do {
            let connection = try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
                                                            id: 1, logger: logger).wait()
            let watched = WatchedPostgresConnection(connection, answerDeadline: answerDeadline)
            do {
                for setting in sessionSettings { _ = try watched.query(PostgresQuery(unsafeSQL: setting), logger: logger) }
            } catch {
                connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
                throw error
            }
            return watched
        } catch {
            throw PersistenceError(description: "could not connect to \(location) (\(Self.reason(error)))")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(Int(duration / .milliseconds(1)), 1)
    }

    /// What went wrong, in words (postgres-nio's own description hides the server's message).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    /// The connection's settings and the URL as messages show it (no password).
    static func configuration(_ url: String) throws -> (PostgresConnection.Configuration, String) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme?.lowercased() ?? ""),
              let host = components.host, !host.isEmpty, let user = components.user, !user.isEmpty else {
            throw PersistenceError(description: "the database must be given as postgres://USER@HOST:PORT/DATABASE (got \(url.split(separator: "@").last.map { "…@\($0)" } ?? "something else"))")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else {
            throw PersistenceError(description: "postgres://\(user)@\(host)… names no database: add /DATABASE")
        }
        let port = components.port ?? 5432
        let password = components.password ?? ProcessInfo.processInfo.environment["PGPASSWORD"]
        let sslmode = PostgresSSLMode.value(in: components)
        var configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password,
                                                             database: database, tls: try tls(sslmode: sslmode))
        configuration.options.connectTimeout = .seconds(10)
        return (configuration, "postgres://\(user)@\(host):\(port)/\(database)" + (sslmode.map { "?sslmode=\($0)" } ?? ""))
    }

    /// TLS as libpq's `sslmode` asks (`PostgresSSLMode`, the rule `NativeAuthPostgres`'s database URLs share).
    private static func tls(sslmode: String?) throws -> PostgresConnection.Configuration.TLS {
        switch PostgresSSLMode(sslmode: sslmode) {
        case .disable: .disable
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case nil: throw PersistenceError(description: PostgresSSLMode.refusal)
        }
    }

    private struct Statements: SQLStatements {
        let open: WatchedPostgresConnection
        let database: PostgresStateDatabase

        func execute(_ sql: String, _ arguments: [SQLValue]) throws {
            _ = try run(sql, arguments)
        }

        func query(_ sql: String, _ arguments: [SQLValue]) throws -> [any SQLRow] {
            try run(sql, arguments).rows.map { RowValues(row: $0.makeRandomAccess()) }
        }

        private func run(_ sql: String, _ arguments: [SQLValue]) throws -> PostgresQueryResult {
            var bindings = PostgresBindings(capacity: arguments.count)
            for argument in arguments {
                switch argument {
                case .text(let text): bindings.append(text)
                case .integer(let integer): bindings.append(integer)
                case .null: bindings.appendNull()
                }
            }
            let query = PostgresQuery(unsafeSQL: Self.numberedPlaceholders(sql), binds: bindings)
            do {
                return try open.query(query, logger: database.logger)
            } catch {
                throw PersistenceError(description: "\(database.location) failed (\(PostgresStateDatabase.reason(error)))")
            }
        }

        /// `?` → `$1`, `$2`, … (the statements hold no other question mark).
        private static func numberedPlaceholders(_ sql: String) -> String {
            var result = ""
            var number = 0
            for character in sql {
                if character == "?" {
                    number += 1
                    result += "$\(number)"
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }

    private struct RowValues: SQLRow {
        let row: PostgresRandomAccessRow

        func text(_ column: Int) throws -> String? { try row[column].decode(String?.self) }
        func integer(_ column: Int) throws -> Int64? { try row[column].decode(Int64?.self) }
    }
}
