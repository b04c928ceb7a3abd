import Foundation

/// The browser side of the emulator's state: sign-in pages in progress, authorization codes and
/// device codes. Persisted with the rest of ``EmulatorState`` (under `web`, and change by change in
/// the journal), keyed by the SHA-256 of each secret, and purged when expired.
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

    // MARK: Change tracking, for the journal (see ``EmulatorState/takeChanges()``)

    /// The tables' identities, part of ``EmulatorState/snapshotIdentity``.
    var identities: [UInt64] { [pages.identity, authorizationCodes.identity, deviceCodes.identity] }

    /// Every record changed since the last call, as journal entries.
    mutating func takeChanges() -> [JournalEntry] {
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

    /// Applies a change another process made (read from the journal); ignores entries of other tables.
    mutating func apply(_ entry: JournalEntry) {
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

/// What an `/authorize` request asked for, kept while the user signs in on the pages.
struct AuthorizeRequest: Codable, Sendable, Equatable {
    var clientId: String
    var redirectUri: String
    var scope: String
    var state: String?
    var nonce: String?
    var codeChallenge: String
    var loginHint: String?
    /// `query` (the default) or `form_post`: how the answer goes back to the redirect URI.
    var responseMode: String? = nil
}

/// One sign-in in the browser: its purpose, the step it shows, and the user once known.
struct PageSession: Codable, Sendable {
    enum Purpose: Codable, Sendable {
        /// The authorization-code flow: ends with a redirect to the app's loopback URI.
        case authorize(AuthorizeRequest)
        /// The verification page of a device code (the digest key of the device code, once the user typed it).
        case device(deviceCodeKey: String?)
    }

    enum Step: String, Codable, Sendable {
        case userCode, username, code, password, confirm
    }

    var purpose: Purpose
    var step: Step
    var userKey: String?
    /// SHA-256 of the session key and the code sent, for OTP users.
    var codeHash: String?
    var codeExpiresAt: Double?
    var failedAttempts: Int = 0
    var expiresAt: Double
}

/// An issued authorization code (RFC 6749 §4.1.2): single use, short-lived, bound to its client,
/// redirect URI, PKCE challenge and nonce.
struct AuthorizationCodeRecord: Codable, Sendable {
    var clientId: String
    var userKey: String
    var redirectUri: String
    var codeChallenge: String
    var scopes: [String]
    var nonce: String?
    var expiresAt: Double
    /// Set when redeemed: a second redemption is refused (AADSTS54005) until the record is purged.
    var redeemed: Bool = false

    /// How long a code is remembered after it expires, so a late redemption says "expired" (70008).
    static let retention: Double = 3600
}

/// A device authorization (RFC 8628): the user code typed on the verification page, and what the
/// user decided.
struct DeviceCodeRecord: Codable, Sendable {
    enum Status: String, Codable, Sendable {
        case pending, approved, declined, locked, redeemed
    }

    var clientId: String
    var scopes: [String]
    var userCode: String
    var status: Status
    var userKey: String?
    var expiresAt: Double
    /// Seconds the client must wait between polls; `slow_down` adds 5.
    var interval: Int
    var lastPolledAt: Double?

    /// How long a device code is remembered after it expires, so a late poll says `expired_token`.
    static let retention: Double = 3600
}
