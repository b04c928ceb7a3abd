#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where signed-in accounts and their tokens are kept.
///
/// The library ships two stores: ``InMemoryTokenStore`` (the default, gone when the process ends) and
/// ``FileTokenStore`` (one JSON file, safe for several processes at once). Implement this protocol to
/// keep tokens somewhere else, such as a keychain or a secrets service.
///
/// Two kinds of exclusive access are needed:
/// - ``modify(_:)`` is a short read-modify-write of the contents, exclusive against every other
///   `modify` (in this process and, for shared stores, in other processes).
/// - ``withRefreshLock(_:)`` holds a separate, longer lock across an asynchronous token refresh, so two
///   processes never both spend the same rotating refresh token. Code inside the body may call
///   ``read()`` and ``modify(_:)``; the two locks never nest the other way round.
///
/// A store must report a corrupt or unreadable backing file as an error: never as an empty store,
/// which would silently sign the user out.
public protocol NativeAuthTokenStore: Sendable {
    /// Returns the current contents (empty contents when nothing was ever stored).
    func read() throws -> TokenStoreContents

    /// Reads the contents, lets `body` change them, and writes them back, all under an exclusive lock.
    /// Nothing is written when `body` throws.
    func modify<T>(_ body: (inout TokenStoreContents) throws -> T) throws -> T

    /// Runs `body` while holding the refresh lock, waiting for other holders (in any process) first.
    func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T
}

/// Everything a token store holds: the signed-in accounts, one per application (client ID and authority,
/// or the storage key the application set), or several when the application keeps them
/// (``NativeAuthPublicClientApplicationConfig/keepsSeveralAccounts``).
///
/// The document's format is the library's own: a store keeps the value as it is given, encoding it
/// (it is `Codable`) to write it and decoding it to read it back, and never edits it. Tools that
/// list or remove accounts go through `NativeAuthAccountStore`; its `accounts` describes them.
public struct TokenStoreContents: Codable, Sendable, Equatable {
    /// The format version of the contents.
    var version: Int
    /// The signed-in accounts, as stored.
    var storedAccounts: [StoredAccount]

    private enum CodingKeys: String, CodingKey {
        case version
        case storedAccounts = "accounts"
    }

    /// Empty contents: what a store that has never been written holds.
    public init() {
        self.init(accounts: [])
    }

    init(accounts: [StoredAccount]) {
        self.version = 1
        self.storedAccounts = accounts
    }

    /// The active account of the application with `clientId` at `authority` (the one that signed in,
    /// or was made active, last; of two at the same time, the later in the list), if any.
    func account(clientId: String, authority: String) -> StoredAccount? {
        // `max` keeps the first of equals: reversed, that is the later in the list.
        storedAccounts.reversed().filter { $0.clientId == clientId && $0.authority == authority }.max { $0.activeSince < $1.activeSince }
    }

    /// The account `identifier` of the application with `clientId` at `authority`, if it is kept.
    func account(clientId: String, authority: String, identifier: String) -> StoredAccount? {
        storedAccounts.first { $0.clientId == clientId && $0.authority == authority && $0.identifier == identifier }
    }

    /// Replaces the same account of the same application (client ID, authority and identifier), or
    /// adds it, and removes the accounts ``accountsReplaced(by:replacingOthers:)`` names.
    mutating func upsert(_ account: StoredAccount, replacingOthers: Bool = false) {
        let replaced = accountsReplaced(by: account, replacingOthers: replacingOthers)
        storedAccounts.removeAll {
            $0.clientId == account.clientId && $0.authority == account.authority
                && ($0.identifier == account.identifier || replaced.contains($0))
        }
        storedAccounts.append(account)
    }

    /// The accounts of `account`'s application (client ID and authority) with another identifier that
    /// storing it removes: all of them with `replacingOthers`, else those with the same username
    /// (compared without regard to case). A username names one user of a tenant at a time, so such an
    /// account's user was deleted and made again under another object ID, and its refresh token is
    /// dead: keeping it would show two accounts that no one can tell apart.
    func accountsReplaced(by account: StoredAccount, replacingOthers: Bool = false) -> [StoredAccount] {
        let username = account.username.lowercased()
        return storedAccounts.filter {
            $0.clientId == account.clientId && $0.authority == account.authority && $0.identifier != account.identifier
                && (replacingOthers || $0.username.lowercased() == username)
        }
    }

    /// Removes the account `identifier` of the application with `clientId` at `authority`. Returns
    /// whether it was there.
    @discardableResult
    mutating func removeAccount(clientId: String, authority: String, identifier: String) -> Bool {
        let before = storedAccounts.count
        storedAccounts.removeAll { $0.clientId == clientId && $0.authority == authority && $0.identifier == identifier }
        return storedAccounts.count != before
    }
}

/// One signed-in account with its tokens, as the store keeps it.
struct StoredAccount: Codable, Sendable, Equatable {
    /// The application's client ID.
    var clientId: String
    /// The authority the account signed in at, as a string (for example
    /// `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`), or the application's
    /// ``NativeAuthPublicClientApplicationConfig/storageAuthority`` when it set one.
    var authority: String
    /// The username the account signed in with.
    var username: String
    /// A stable identifier of the account (`uid.utid` from `client_info`, else `oid.tid` or `sub`).
    var identifier: String
    /// The raw ID token.
    var idToken: String?
    /// The refresh token; nil when the server issued none.
    var refreshToken: String?
    /// Cached access tokens, one per scope set.
    var accessTokens: [StoredAccessToken]
    /// When the account signed in.
    var signedInAt: Date
    /// The resource scopes the sign-in requested: what a token request without scopes asks for.
    /// Nil in stores written before it was recorded (then: no resource scopes).
    var defaultScopes: [String]?
    /// When a refresh with ``refreshToken`` may have reached the server without its answer arriving
    /// (so the server may have rotated the token); nil when the last refresh had an answer.
    var refreshAnswerLostAt: Date?
    /// When a tool made it the active account of its application since it signed in (`nativeauth
    /// switch`); nil when it never did.
    var activatedAt: Date?

    /// Since when it is the active one: when it signed in, or later when it was made active.
    var activeSince: Date { max(signedInAt, activatedAt ?? signedInAt) }

    init(
        clientId: String, authority: String, username: String, identifier: String,
        idToken: String?, refreshToken: String?, accessTokens: [StoredAccessToken], signedInAt: Date,
        defaultScopes: [String]? = nil, refreshAnswerLostAt: Date? = nil
    ) {
        self.clientId = clientId
        self.authority = authority
        self.username = username
        self.identifier = identifier
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.accessTokens = accessTokens
        self.signedInAt = signedInAt
        self.defaultScopes = defaultScopes
        self.refreshAnswerLostAt = refreshAnswerLostAt
    }
}

/// A cached access token with the scopes it was granted for and its absolute expiry, as the store keeps it.
struct StoredAccessToken: Codable, Sendable, Equatable {
    /// A cached access token is served only while it has at least this long to live; one with less
    /// is refreshed before use, and a copy of an account whose tokens all have less is not worth keeping.
    static let servingMargin: TimeInterval = 300

    /// The access token.
    var token: String
    /// The scopes the server granted, as it listed them.
    var scopes: [String]
    /// When the token expires (computed from `expires_in` with the application's clock when it arrived).
    var expiresOn: Date
    /// The resource scopes the token was requested for (nil in stores written before it was recorded).
    var requestedScopes: [String]?

    init(token: String, scopes: [String], expiresOn: Date, requestedScopes: [String]? = nil) {
        self.token = token
        self.scopes = scopes
        self.expiresOn = expiresOn
        self.requestedScopes = requestedScopes
    }
}
