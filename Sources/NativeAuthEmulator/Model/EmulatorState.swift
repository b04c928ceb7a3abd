import Foundation

/// Everything that persists: the unit written to `state.json`.
struct EmulatorState: Codable, Sendable {
    var version: Int = 1
    /// The tenant GUID (`tid`, issuer path).
    var tenantId: String
    var users: [String: UserRecord] = [:]
    var flows: [String: FlowRecord] = [:]
    var refreshTokens: [String: RefreshTokenRecord] = [:]
    /// Codes sent, per user key, oldest first.
    var outbox: [String: [SentCodeRecord]] = [:]
    /// The browser flows' pages, authorization codes and device codes (absent in older state files).
    var web: WebSignInState?

    static let outboxLimit = 20

    init(tenantId: String) {
        self.tenantId = tenantId
    }

    /// Adds or replaces users.
    mutating func upsert(_ records: [UserRecord]) {
        for record in records {
            users[UserRecord.key(record.username)] = record
        }
    }

    mutating func recordSentCode(_ record: SentCodeRecord, userKey: String) {
        var list = outbox[userKey] ?? []
        list.append(record)
        if list.count > Self.outboxLimit { list.removeFirst(list.count - Self.outboxLimit) }
        outbox[userKey] = list
    }

    /// Forgets flows and refresh tokens that can no longer be used by anyone.
    /// Expired refresh tokens are kept for `refreshGrace` seconds more, so that presenting one
    /// still says "expired" rather than "unknown".
    mutating func purge(now: Double, refreshGrace: Double) {
        flows = flows.filter { $0.value.purgeAfter > now }
        web?.purge(now: now)
        refreshTokens = refreshTokens.filter { $0.value.expiresAt + refreshGrace > now }
    }
}
