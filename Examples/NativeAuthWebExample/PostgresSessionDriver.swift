import Foundation
import Hummingbird
import NativeAuthPostgres
import NativeAuthShared
import PostgresNIO
import ServiceLifecycle

/// Hummingbird's persist driver on PostgreSQL: where `SessionMiddleware` keeps the site's sessions,
/// shared by every replica (table `web_sessions`, made at start). A row's key is the SHA-256 of the
/// session's key, never the key itself: whoever reads the table (a backup, a replica of the
/// database) learns no session cookie, as the token store's rows are encrypted. Its queries wait for a connection
/// as long as the token store's (`--database-timeout`), each (but the table's creation at start) through
/// ``NativeAuthDatabase/query(_:on:)``, so one whose connection closes fails rather than waits for
/// good; and a session that could not
/// be read is noted for ``SessionLoadCheck`` (`SessionMiddleware` takes it for no session).
struct PostgresSessionDriver: PersistDriver {
    let database: NativeAuthDatabase

    /// Makes the table when it is missing. Replicas starting at once on a new database may make it
    /// at the same time: `IF NOT EXISTS` does not see a table another transaction is making, whose
    /// commit then fails this one (a unique violation in the catalog), so that one is tried again,
    /// and then sees the table.
    func prepare() async throws {
        for attempt in 1... {
            do {
                try await database.client.query("""
                    CREATE TABLE IF NOT EXISTS web_sessions (
                        key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at TIMESTAMPTZ)
                    """)
                return
            } catch let error as PSQLError where attempt < 3
                && [PostgresError.Code.uniqueViolation.raw, PostgresError.Code.duplicateTable.raw].contains(error.serverInfo?[.sqlState]) {
                continue  // made by another replica meanwhile
            }
        }
    }

    func create<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let key = Self.stored(key)
        let text = try Self.encoded(value)
        let expiry = expires.map(Self.date(in:))
        let created = try await database.withConnection { connection in
            try await database.query("""
                INSERT INTO web_sessions (key, value, expires_at) VALUES (\(key), \(text), \(expiry))
                ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
                WHERE web_sessions.expires_at < now()
                RETURNING 1
                """, on: connection).count == 1
        }
        if !created { throw PersistError.duplicate }
    }

    func set<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let key = Self.stored(key)
        let text = try Self.encoded(value)
        let expiry = expires.map(Self.date(in:))
        try await database.withConnection { connection in
            _ = try await database.query("""
                INSERT INTO web_sessions (key, value, expires_at) VALUES (\(key), \(text), \(expiry))
                ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value,
                    expires_at = coalesce(EXCLUDED.expires_at, web_sessions.expires_at)
                """, on: connection)
        }
    }

    func get<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: Object.self)?.object
    }

    func getWithTTL<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> (object: Object, ttl: Duration?)? {
        let key = Self.stored(key)
        let row: (String, Double?)?
        do {
            row = try await database.withConnection { connection in
                let rows = try await database.query("""
                    SELECT value, extract(epoch FROM expires_at - now())::FLOAT8 FROM web_sessions
                    WHERE key = \(key) AND (expires_at IS NULL OR expires_at > now())
                    """, on: connection)
                return try rows.first?.decode((String, Double?).self)
            }
        } catch {
            SessionLoadCheck.noteFailure(error)
            throw error
        }
        guard let (text, seconds) = row else { return nil }
        guard let object = try? JSONDecoder().decode(Object.self, from: Data(text.utf8)) else { throw PersistError.invalidConversion }
        return (object, seconds.map { .milliseconds(Int64($0 * 1000)) })
    }

    func remove(key: String) async throws {
        let key = Self.stored(key)
        try await database.withConnection { connection in
            _ = try await database.query("DELETE FROM web_sessions WHERE key = \(key)", on: connection)
        }
    }

    /// Ends every session signed in with the accounts of `partition`, on every replica, and returns
    /// how many there were. A session waiting at a flow's step names nobody signed in, so the one
    /// finishing a password reset is not among them.
    func removeSignedInSessions(ofPartition partition: String) async throws -> Int {
        try await database.withConnection { connection in
            try await database.query("""
                DELETE FROM web_sessions
                WHERE value::jsonb ->> 'partition' = \(partition) AND value::jsonb ? 'signedInUser' RETURNING 1
                """, on: connection).count
        }
    }

    func shutdown() async throws {}

    /// Deletes expired sessions every minute until the service group shuts down.
    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = try? await database.withConnection { connection in
                    try await database.query("DELETE FROM web_sessions WHERE expires_at < now()", on: connection)
                }
                try? await Task.sleep(for: .seconds(60))
            }
        }
    }

    /// The key a session's row is stored under: the hex SHA-256 of the session's key.
    private static func stored(_ key: String) -> String {
        "sha256:" + HexText.lowercase(SHA256Hash.digest(Array(key.utf8)))
    }

    private static func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func date(in duration: Duration) -> Date {
        Date().addingTimeInterval(TimeInterval(duration.components.seconds))
    }
}
