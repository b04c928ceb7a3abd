import PostgresNIO

/// What the PostgreSQL store could not do: a clear error for the app to show or log, never an
/// empty store.
public struct PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: String, Sendable, Equatable {
        /// PostgreSQL did not answer in time, or the connection failed.
        case unavailable
        /// PostgreSQL refused a query.
        case queryFailed
        /// A stored row does not open with the application's keys, or does not decode.
        case unreadableRow
        /// The schema is newer than this library.
        case unsupportedSchema
        /// The configuration (the database URL) is not usable.
        case configuration
    }

    /// What went wrong.
    public let reason: Reason
    /// A sentence for logs and people (never a token).
    public let message: String

    init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }

    /// What `error`, thrown by postgres-nio, means for the store: a connection that failed is
    /// ``Reason/unavailable``, a query the server refused ``Reason/queryFailed``; an error thrown
    /// inside a transaction is the one its body threw, so a caller's own error comes back as it is.
    static func from(_ error: any Error) -> any Error {
        switch error {
        case let error as PostgresTransactionError:
            return from(error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error)
        case let error as PSQLError where error.code == .server:
            return PostgresStoreError(.queryFailed, "PostgreSQL refused a query\(error.serverInfo?[.message].map { ": \($0)" } ?? "").")
        case let error as PSQLError:
            return PostgresStoreError(.unavailable, "PostgreSQL cannot be reached (\(error.code)).")
        default:
            return error
        }
    }
}
