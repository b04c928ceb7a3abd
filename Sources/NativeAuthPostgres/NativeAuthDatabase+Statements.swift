import PostgresNIO

extension NativeAuthDatabase {
    /// Runs `query` on `connection` (one that ``withConnection(_:)`` lent) and returns its rows, all
    /// read. Unlike the connection's own `query`, it fails when the connection closes before the
    /// answer: postgres-nio never answers nor fails a statement written to a connection that closed
    /// meanwhile (PostgreSQL restarted, the backend terminated, between two statements of a lease),
    /// so such a statement would wait for good, and with it the request and its pooled connection.
    ///
    /// ```swift
    /// let rows = try await database.withConnection { connection in
    ///     try await database.query("SELECT data FROM sessions WHERE id = \(id)", on: connection)
    /// }
    /// for row in rows { let data = try row.decode(String.self) }
    /// ```
    /// - Throws: ``PostgresStoreError`` with ``PostgresStoreError/Reason/unavailable`` when the
    ///   connection closed before the answer; postgres-nio's `PSQLError` when the statement failed
    ///   (``withConnection(_:)`` turns it into a ``PostgresStoreError``).
    public func query(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> PostgresQueryResult {
        try await closes.query(query, on: connection, logger: logger)
    }

    /// Runs `body` in a transaction on `connection`: `BEGIN`, then `body`, then `COMMIT`, or
    /// `ROLLBACK` when `body` throws, each statement through ``query(_:on:)``, so a transaction whose
    /// connection closes fails rather than waits for good. PostgreSQL ends the transaction of a
    /// connection that closes before its `COMMIT`, and keeps nothing of it. `body` runs in the
    /// caller's isolation (an actor's state may be used in it).
    /// - Throws: what `body` threw (after the `ROLLBACK`), or what `BEGIN` or `COMMIT` threw; a
    ///   ``PostgresStoreError`` with ``PostgresStoreError/Reason/queryFailed`` when PostgreSQL
    ///   answered the `COMMIT` with a rollback (a statement of `body` failed, and `body` caught it).
    public func transaction<T: Sendable>(on connection: PostgresConnection, isolation: isolated (any Actor)? = #isolation,
                                         _ body: (PostgresConnection) async throws -> T) async throws -> T {
        _ = try await query("BEGIN", on: connection)
        let value: T
        do {
            value = try await body(connection)
        } catch {
            _ = try? await query("ROLLBACK", on: connection)
            throw error
        }
        let committed = try await query("COMMIT", on: connection)
        guard committed.metadata.command != "ROLLBACK" else {
            throw PostgresStoreError(.queryFailed, "PostgreSQL rolled the transaction back: one of its statements had failed.")
        }
        return value
    }
}
