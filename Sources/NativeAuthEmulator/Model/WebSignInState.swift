import Foundation

/// The browser side of the emulator's state: sign-in pages in progress, authorization codes and
/// device codes. Persisted with the rest of ``EmulatorState`` (one row per record), keyed by the SHA-256 of each secret, and purged when expired.
struct WebSignInState: Codable, Sendable {
    /// Sign-in pages in progress, by the digest of their session id (the hidden form field).
    var pages = RecordTable<PageSession>()
    /// Issued authorization codes, by the digest of the code.
    var authorizationCodes = RecordTable<AuthorizationCodeRecord>()
    /// Device codes, by the digest of the `device_code`.
    var deviceCodes = RecordTable<DeviceCodeRecord>()

    /// At most this many live records of each kind: a flood of page loads cannot grow the state.
    static let limit = 1000

    /// Forgets what expired.
    mutating func purge(now: Double) {
        pages.removeAll { _, page in page.expiresAt <= now }
        authorizationCodes.removeAll { _, code in code.expiresAt + AuthorizationCodeRecord.retention <= now }
        deviceCodes.removeAll { _, code in code.expiresAt + DeviceCodeRecord.retention <= now }
    }

    // MARK: Change tracking, for the database (see ``EmulatorState/takeChanges()``)

    /// The tables' identities, part of ``EmulatorState/tableIdentity``.
    var identities: [UInt64] { [pages.identity, authorizationCodes.identity, deviceCodes.identity] }

    /// Every record changed since the last call.
    mutating func takeChanges() -> [RecordChange] {
        pages.takeChanges().map { .page($0.key, $0.value) }
            + authorizationCodes.takeChanges().map { .authorizationCode($0.key, $0.value) }
            + deviceCodes.takeChanges().map { .deviceCode($0.key, $0.value) }
    }

    /// Forgets the records changed since the last call (see ``EmulatorState/discardChanges()``).
    mutating func discardChanges() {
        pages.discardChanges()
        authorizationCodes.discardChanges()
        deviceCodes.discardChanges()
    }

    /// Every record, as changes that set it (a whole state written at once).
    var everyRecord: [RecordChange] {
        pages.everyRecord.map { .page($0.key, $0.value) }
            + authorizationCodes.everyRecord.map { .authorizationCode($0.key, $0.value) }
            + deviceCodes.everyRecord.map { .deviceCode($0.key, $0.value) }
    }

    /// Applies a change another instance made (read from the database); ignores other tables' records.
    mutating func apply(_ entry: RecordChange) {
        switch entry {
        case .page(let key, let value): pages.apply(key: key, value: value)
        case .authorizationCode(let key, let value): authorizationCodes.apply(key: key, value: value)
        case .deviceCode(let key, let value): deviceCodes.apply(key: key, value: value)
        case .user, .flow, .refreshToken, .guess: break
        }
    }

    /// The device code whose user code is `userCode` (already normalized), if it is still pending.
    func pendingDeviceCode(userCode: String, now: Double) -> (key: String, record: DeviceCodeRecord)? {
        guard let match = deviceCodes.first(where: { $0.value.userCode == userCode }) else { return nil }
        guard match.value.status == .pending, now < match.value.expiresAt else { return nil }
        return (match.key, match.value)
    }
}
