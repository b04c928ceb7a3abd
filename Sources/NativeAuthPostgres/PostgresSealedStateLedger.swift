#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NativeAuthServer
import PostgresNIO
import ServiceLifecycle

/// The record of opened sealed flow states on PostgreSQL, shared by every replica: what makes a
/// sealed state open once across them (``FlowStateSealer``). One row per opened value, until it
/// expires; run it as a `Service` to delete expired rows every ``cleanUpInterval``.
public struct PostgresSealedStateLedger: SealedStateLedger, Service {
    /// The database.
    public let database: NativeAuthDatabase
    /// How often expired rows are deleted while the service runs.
    public let cleanUpInterval: Duration

    /// A ledger in `database`.
    public init(database: NativeAuthDatabase, cleanUpInterval: Duration = .seconds(60)) {
        self.database = database
        self.cleanUpInterval = cleanUpInterval
    }

    public func recordFirstUse(of id: UUID, expiresAt: Date) async throws -> Bool {
        try await database.withConnection { connection in
            let rows = try await connection.query("""
                INSERT INTO nativeauth_resumed_states (id, expires_at) VALUES (\(id), \(expiresAt))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: database.logger)
            for try await _ in rows.decode(UUID.self) { return true }
            return false
        }
    }

    /// Deletes the rows of values expired by now; returns how many.
    @discardableResult
    public func removeExpired() async throws -> Int {
        try await database.withConnection { connection in
            let rows = try await connection.query(
                "WITH gone AS (DELETE FROM nativeauth_resumed_states WHERE expires_at < now() RETURNING 1) SELECT count(*) FROM gone",
                logger: database.logger)
            var count = 0
            for try await removed in rows.decode(Int64.self) { count = Int(removed) }
            return count
        }
    }

    /// Deletes expired rows every ``cleanUpInterval`` until the service group shuts down.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let removed = try await removeExpired()
                    if removed > 0 { database.logger.debug("expired resumed flow states deleted", metadata: ["count": "\(removed)"]) }
                } catch {
                    database.logger.warning("expired resumed flow states not deleted", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: cleanUpInterval)
            }
        }
    }
}
