import Foundation

/// A value bound to a statement's `?`.
enum SQLValue: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    case null
}

/// A row a query answered, read by column position.
protocol SQLRow {
    /// The text in column `column` (nil: SQL `NULL`).
    func text(_ column: Int) throws -> String?
    /// The integer in column `column` (nil: SQL `NULL`).
    func integer(_ column: Int) throws -> Int64?
}

/// Statements run inside one transaction of a ``StateDatabase``. The SQL is what SQLite and
/// PostgreSQL both take, with `?` for each argument in order.
protocol SQLStatements {
    /// Runs a statement that answers no rows.
    func execute(_ sql: String, _ arguments: [SQLValue]) throws
    /// Runs a query and returns its rows.
    func query(_ sql: String, _ arguments: [SQLValue]) throws -> [any SQLRow]
}

/// The database the emulator keeps its state in: SQLite in a state folder (``SQLiteStateDatabase``),
/// or a PostgreSQL server that any number of instances share (``PostgresStateDatabase``).
///
/// Every transaction holds the database's write lock from its start, so that transactions of all
/// processes and instances happen one after another: each reads what the others committed, then
/// writes its own changes (see ``StateStore``).
protocol StateDatabase: Sendable {
    /// Where it is, for messages: the file, or the server and database (never a password).
    var location: String { get }
    /// Runs `body` in a transaction that holds the write lock: committed when `body` returns,
    /// rolled back when it throws. Failures of the database are ``PersistenceError``s naming
    /// ``location``.
    func transaction<Result>(_ body: (any SQLStatements) throws -> Result) throws -> Result
}
