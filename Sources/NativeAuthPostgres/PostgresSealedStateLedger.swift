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
/// sealed state open once across them (``FlowStateSealer``). One row per opened value, until
/// ``clockSkewAllowance`` after it expires; run it as a `Service` to delete such rows every
/// ``cleanUpInterval``.
///
/// A replica decides whether a value expired by its own clock, and the rows are deleted by
/// PostgreSQL's: a row kept only until the value's expiry would be gone while a replica whose clock
/// runs late still opens the value, which would then open a second time there.
public struct PostgresSealedStateLedger: SealedStateLedger, Service {
    /// How long after its value's expiry a row is kept by default: 10 minutes.
    public static let defaultClockSkewAllowance: Duration = .seconds(10 * 60)

    /// The database.
    public let database: NativeAuthDatabase
    /// How often expired rows are deleted while the service runs.
    public let cleanUpInterval: Duration
    /// How long after its value's expiry (by PostgreSQL's clock) a row is kept: the most a
    /// replica's clock may run behind PostgreSQL's without a value opening twice on it.
    public let clockSkewAllowance: Duration

    /// A ledger in `database`.
    public init(database: NativeAuthDatabase, cleanUpInterval: Duration = .seconds(60),
                clockSkewAllowance: Duration = Self.defaultClockSkewAllowance) {
        self.database = database
        self.cleanUpInterval = cleanUpInterval
        self.clockSkewAllowance = clockSkewAllowance
    }

    public func recordFirstUse(of id: UUID, expiresAt: Date) async throws -> Bool {
        try await database.withConnection { connection in
            let rows = try await database.query("""
                INSERT INTO nativeauth_resumed_states (id, expires_at) VALUES (\(id), \(expiresAt))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, on: connection)
            return !rows.isEmpty
        }
    }

    /// Deletes the rows of values expired more than ``clockSkewAllowance`` ago; returns how many.
    /// Before ``NativeAuthDatabase/migrate()`` made the table there is nothing to delete: 0, not an
    /// error (the service starts beside an app's migration, as the web example's does).
    @discardableResult
    public func removeExpired() async throws -> Int {
        let allowance = Double(clockSkewAllowance.components.seconds)
        return try await database.withConnection { connection in
            do {
                let rows = try await database.query("""
                    WITH gone AS (DELETE FROM nativeauth_resumed_states WHERE expires_at < now() - make_interval(secs => \(allowance))
                                  RETURNING 1)
                    SELECT count(*) FROM gone
                    """, on: connection)
                var count = 0
                for row in rows { count = Int(try row.decode(Int64.self)) }
                return count
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.undefinedTable.raw {
                return 0
            }
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
