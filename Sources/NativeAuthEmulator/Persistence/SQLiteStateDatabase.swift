import Foundation
import GRDB

/// The state folder's database: `state.sqlite`, through GRDB, in WAL mode, so that readers never
/// wait for a writer and a commit costs no `fsync` of its own (`synchronous=NORMAL`: a commit can be
/// lost to a power cut, never to a killed process, and the file is never left corrupt).
///
/// Several processes may open the same file: every transaction begins `IMMEDIATE` (it takes the
/// write lock at once, waiting up to ``busyTimeout`` for another process's to end), so they run one
/// after another. The file is checked before SQLite opens it (``StateFolder/preparePrivateFile(_:)``:
/// a regular file of the owner, made 0600 when missing; SQLite gives its `-wal` and `-shm` files the
/// same mode), in a folder checked private, and opened by its path in that folder.
final class SQLiteStateDatabase: StateDatabase {
    /// The database's name in the state folder.
    static let fileName = "state.sqlite"
    /// How long a transaction waits for another process's to end before failing.
    static let busyTimeout: TimeInterval = 30

    let location: String
    private let queue: DatabaseQueue

    /// Opens (or creates) `state.sqlite` in `folder`. A file that is not a database, or cannot be
    /// opened, is an error naming it, and is left as it is.
    init(folder: StateFolder) throws {
        location = folder.path(of: Self.fileName)
        try folder.preparePrivateFile(Self.fileName)
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "nativeauth-emulator"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            queue = try DatabaseQueue(path: location, configuration: configuration)
        } catch {
            throw Self.failure(error, location: location)
        }
    }

    func transaction<Result>(_ body: (any SQLStatements) throws -> Result) throws -> Result {
        do {
            return try queue.inDatabase { db in
                var result: Result?
                try db.inTransaction(.immediate) {
                    result = try body(Statements(db: db))
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw Self.failure(error, location: location)
        }
    }

    /// A failure of SQLite as the emulator tells it: the file, SQLite's words, and that the file
    /// was left as it is.
    private static func failure(_ error: any Error, location: String) -> PersistenceError {
        let message = (error as? DatabaseError).map { $0.message ?? "\($0.resultCode)" } ?? "\(error)"
        return PersistenceError(description: "\(location) could not be used as the emulator's database (\(message)); "
            + "it was left as it is. Move it away to start over.")
    }

    private struct Statements: SQLStatements {
        let db: Database

        // The store runs the same few statements at every request: each is compiled once per
        // connection and kept (GRDB's statement cache).
        func execute(_ sql: String, _ arguments: [SQLValue]) throws {
            try db.cachedStatement(sql: sql).execute(arguments: Self.arguments(arguments))
        }

        func query(_ sql: String, _ arguments: [SQLValue]) throws -> [any SQLRow] {
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: Self.arguments(arguments)).map(RowValues.init)
        }

        private static func arguments(_ values: [SQLValue]) -> StatementArguments {
            StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .text(let text): text
                case .integer(let integer): integer
                case .null: nil
                }
            })
        }
    }

    private struct RowValues: SQLRow {
        let row: Row

        func text(_ column: Int) throws -> String? { row[column] }
        func integer(_ column: Int) throws -> Int64? { row[column] }
    }
}
