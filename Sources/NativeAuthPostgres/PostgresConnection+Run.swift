import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and reads its rows to the end, discarding them. postgres-nio reports a
    /// statement's error with its rows, so a statement whose rows are never read can fail unseen: an
    /// advisory lock cancelled by a `statement_timeout` or `lock_timeout` would pass for one had, and
    /// the next statement of its transaction fail with "current transaction is aborted" instead.
    /// Every statement whose outcome matters but whose rows do not goes through here.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }
}
