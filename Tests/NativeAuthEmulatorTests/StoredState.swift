import Foundation
@testable import NativeAuthEmulator

/// What a state folder's database holds, read as another instance would (its write lock taken).
enum StoredState {
    /// The texts of the rows `sql` answers, column by column.
    static func texts(_ directory: URL, _ sql: String, _ arguments: [SQLValue] = []) throws -> [[String?]] {
        let database = try SQLiteStateDatabase(folder: try StateFolder.open(directory))
        return try database.transaction { statements in
            try statements.query(sql, arguments).map { row in try (0..<columns(sql)).map { try row.text($0) } }
        }
    }

    /// The integer of the first row and column `sql` answers.
    static func integer(_ directory: URL, _ sql: String, _ arguments: [SQLValue] = []) throws -> Int64? {
        let database = try SQLiteStateDatabase(folder: try StateFolder.open(directory))
        return try database.transaction { try $0.query(sql, arguments).first?.integer(0) }
    }

    /// Runs `sql` in the database, as another writer.
    static func execute(_ directory: URL, _ sql: String, _ arguments: [SQLValue] = []) throws {
        let database = try SQLiteStateDatabase(folder: try StateFolder.open(directory))
        try database.transaction { try $0.execute(sql, arguments) }
    }

    /// Every stored record's JSON, joined (what names a user or a flow, if anything does).
    static func recordsText(_ directory: URL) throws -> String {
        try texts(directory, "SELECT value FROM emulator_records WHERE value IS NOT NULL").compactMap { $0[0] }.joined(separator: "\n")
    }

    private static func columns(_ sql: String) -> Int {
        let selected = sql.components(separatedBy: " FROM ")[0]
        return selected.split(separator: ",").count
    }
}
