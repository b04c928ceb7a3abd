import Hummingbird

/// The bodies the admin API answers with (docs/EMULATOR.md, "Admin API"); its member names are
/// camelCase, as in the seed file. `GET /_emulator/users` answers the seed format (``SeedFile``).
enum AdminAnswer {
    /// `GET /_emulator/health`: ready, and where to point the library.
    struct Health: ResponseEncodable, Sendable {
        let ready = true
        let emulator = "nativeauth"
        let tenantId: String
        /// The tenant's domain, `{subdomain}.onmicrosoft.com`.
        let tenant: String
        let clientId: String
        let authority: String
        /// Whether the state outlives the process: kept in a state folder's SQLite database or in PostgreSQL.
        let persistent: Bool
        /// The emulator clock's time, ISO 8601.
        let now: String

        init(tenantId: String, tenant: String, clientId: String, authority: String, persistent: Bool, now: String) {
            self.tenantId = tenantId
            self.tenant = tenant
            self.clientId = clientId
            self.authority = authority
            self.persistent = persistent
            self.now = now
        }
    }

    /// `GET /_emulator/codes?username=U`: the codes sent to the user, oldest first.
    struct SentCodes: ResponseEncodable, Sendable {
        /// One code: which flow it was for, when it was sent and expires (ISO 8601), and whether it
        /// would still be accepted.
        struct Code: Encodable, Sendable {
            let code: String
            let flowId: String
            let sentAt: String
            let expiresAt: String
            let valid: Bool
        }

        let username: String
        let codes: [Code]
    }

    /// `GET /_emulator/clock` and `POST /_emulator/clock/advance`: the emulator clock's time (ISO
    /// 8601) and how far it is from the real one.
    struct Clock: ResponseEncodable, Sendable {
        let now: String
        let offsetSeconds: Double
    }

    /// `POST` and `DELETE /_emulator/faults`: how many uses the request queued (none for a clear),
    /// and how many are pending.
    struct Faults: ResponseEncodable, Sendable {
        let queued: Int?
        let pending: Int
    }

    /// `GET` and `DELETE /_emulator/requests`: the request log, oldest first (empty once cleared).
    struct Requests: ResponseEncodable, Sendable {
        let requests: [RequestLogEntry]
    }

    /// `POST /_emulator/users`: how many users were imported.
    struct Imported: ResponseEncodable, Sendable {
        let imported: Int
    }

    /// `POST /_emulator/reset`: done.
    struct Reset: ResponseEncodable, Sendable {
        let reset = true
    }
}
