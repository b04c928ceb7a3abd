import Foundation

/// Everything that persists of a tenant: its ID and secret, and its tables of records, written to the
/// database record by record (see ``StateStore``).
///
/// Only hashes of secrets are kept: continuation tokens, codes and refresh tokens are stored as
/// SHA-256 digests, passwords as PBKDF2 hashes. The codes themselves are handed to the emulator's
/// in-memory outbox (``recordSentCode(_:userKey:)``), never written here.
struct EmulatorState: Sendable {
    var version: Int = 1
    /// The tenant GUID (`tid`, issuer path).
    var tenantId: String
    /// A random key (base64url) the emulator derives refresh-token successors with (see ``RefreshRotation``).
    var secret: String
    var users = RecordTable<UserRecord>()
    var flows = RecordTable<FlowRecord>()
    var refreshTokens = RecordTable<RefreshTokenRecord>()
    /// Wrong codes and passwords per user, across flows (the emulator's ``GuessingPolicy``).
    var guesses = RecordTable<GuessRecord>()
    /// The browser flows' pages, authorization codes and device codes.
    var web = WebSignInState()

    /// The flows of each user and client, for the caps (not stored: rebuilt from ``flows``).
    private(set) var flowIndex = FlowIndex()
    /// The ``RecordTable/identity`` of the flows ``flowIndex`` was built from.
    private var indexedFlows: UInt64 = 0
    /// Codes sent during the current transaction, for the emulator's outbox (not stored).
    private var sentCodes: [(userKey: String, record: SentCodeRecord)] = []

    init(tenantId: String) {
        self.tenantId = tenantId
        self.secret = Secrets.opaqueToken(byteCount: 32)
    }

    /// Adds or replaces users.
    mutating func upsert(_ records: [UserRecord]) {
        for record in records {
            users[UserRecord.key(record.username)] = record
        }
    }

    /// Hands a code that was "sent" to the emulator's outbox (in memory, never in the database).
    mutating func recordSentCode(_ record: SentCodeRecord, userKey: String) {
        sentCodes.append((userKey, record))
    }

    /// The codes sent since the last call.
    mutating func takeSentCodes() -> [(userKey: String, record: SentCodeRecord)] {
        defer { sentCodes.removeAll() }
        return sentCodes
    }

    /// Forgets flows and refresh tokens that can no longer be used by anyone, and guessing records
    /// that no longer count. A flow goes when its continuation token expires: a token presented
    /// later says itself that it expired (``ContinuationToken``). Expired refresh tokens are kept for
    /// `refreshGrace` seconds more, so that presenting one still says "expired" rather than "unknown".
    mutating func purge(now: Double, refreshGrace: Double, guessing: GuessingPolicy) {
        flows.removeAll { _, flow in flow.tokenExpiresAt <= now }
        refreshTokens.removeAll { _, record in record.expiresAt + refreshGrace <= now }
        guesses.removeAll { _, record in !record.matters(now: now, policy: guessing) }
        web.purge(now: now)
        syncFlowIndex()
    }

    /// Drops the oldest flows of every user and client over its cap, looking only at the flows
    /// changed since the last ``takeChanges()``.
    mutating func enforceFlowCaps(perUser: Int, perClient: Int) {
        syncFlowIndex()
        for id in flowIndex.overflow(touched: flows.changedKeys, perUser: perUser, perClient: perClient) {
            flows.removeValue(forKey: id)
            flowIndex.record(id, nil)
        }
    }

    private mutating func syncFlowIndex() {
        guard indexedFlows == flows.identity else {
            flowIndex = FlowIndex(flows)
            indexedFlows = flows.identity
            return
        }
        for id in flows.changedKeys { flowIndex.record(id, flows[id]) }
    }

    // MARK: Change tracking, for the database

    /// Identifies the tables and the values outside them; a transaction that changes it replaced a
    /// whole table (a reset) or a value outside the tables, and so writes the whole state again.
    var tableIdentity: [String] {
        let tables = [users.identity, flows.identity, refreshTokens.identity, guesses.identity] + web.identities
        return [String(version), tenantId, secret] + tables.map { String($0) }
    }

    /// Every record changed since the last call.
    mutating func takeChanges() -> [RecordChange] {
        syncFlowIndex()
        var entries: [RecordChange] = []
        entries += users.takeChanges().map { .user($0.key, $0.value) }
        entries += flows.takeChanges().map { .flow($0.key, $0.value) }
        entries += refreshTokens.takeChanges().map { .refreshToken($0.key, $0.value) }
        entries += guesses.takeChanges().map { .guess($0.key, $0.value) }
        entries += web.takeChanges()
        return entries
    }

    /// Every record, as changes that set it (the whole state written at once).
    var everyRecord: [RecordChange] {
        users.everyRecord.map { .user($0.key, $0.value) }
            + flows.everyRecord.map { .flow($0.key, $0.value) }
            + refreshTokens.everyRecord.map { .refreshToken($0.key, $0.value) }
            + guesses.everyRecord.map { .guess($0.key, $0.value) }
            + web.everyRecord
    }

    /// Ends a transaction of the in-memory store: the flow index takes in the changed flows, and the
    /// changes are forgotten without being listed (there is no database to write them to).
    mutating func discardChanges() {
        syncFlowIndex()
        users.discardChanges()
        flows.discardChanges()
        refreshTokens.discardChanges()
        guesses.discardChanges()
        web.discardChanges()
    }

    /// Applies a change another instance made (read from the database).
    mutating func apply(_ entry: RecordChange) {
        switch entry {
        case .user(let key, let value): users.apply(key: key, value: value)
        case .flow(let key, let value):
            flows.apply(key: key, value: value)
            if indexedFlows == flows.identity { flowIndex.record(key, value) }
        case .refreshToken(let key, let value): refreshTokens.apply(key: key, value: value)
        case .guess(let key, let value): guesses.apply(key: key, value: value)
        case .page, .authorizationCode, .deviceCode: web.apply(entry)
        }
    }
}

/// The form of `state.json`, the snapshot of the state folders written before the database: read
/// once, when such a folder is migrated (``LegacyStateFolder``).
extension EmulatorState: Decodable {
    private enum CodingKeys: String, CodingKey {
        case version, tenantId, secret, users, flows, refreshTokens, guesses, web
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        tenantId = try container.decode(String.self, forKey: .tenantId)
        // States written before the secret existed get one.
        secret = try container.decodeIfPresent(String.self, forKey: .secret).flatMap { $0.isEmpty ? nil : $0 }
            ?? Secrets.opaqueToken(byteCount: 32)
        users = try container.decode(RecordTable<UserRecord>.self, forKey: .users)
        flows = try container.decode(RecordTable<FlowRecord>.self, forKey: .flows)
        refreshTokens = try container.decode(RecordTable<RefreshTokenRecord>.self, forKey: .refreshTokens)
        guesses = try container.decodeIfPresent(RecordTable<GuessRecord>.self, forKey: .guesses) ?? RecordTable()
        web = try container.decodeIfPresent(WebSignInState.self, forKey: .web) ?? WebSignInState()
        flowIndex = FlowIndex(flows)
        indexedFlows = flows.identity
    }
}
