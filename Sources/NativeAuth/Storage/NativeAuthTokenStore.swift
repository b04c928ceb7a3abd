import Foundation

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
/// or the storage key the application set).
public struct TokenStoreContents: Codable, Sendable, Equatable {
    /// The format version of the contents.
    public var version: Int
    /// The signed-in accounts.
    public var accounts: [StoredAccount]

    /// Creates contents holding `accounts`.
    public init(accounts: [StoredAccount] = []) {
        self.version = 1
        self.accounts = accounts
    }

    /// The account signed in to the application with `clientId` at `authority`, if any.
    public func account(clientId: String, authority: String) -> StoredAccount? {
        accounts.first { $0.clientId == clientId && $0.authority == authority }
    }

    /// Replaces the account of the same application (client ID and authority), or adds it.
    public mutating func upsert(_ account: StoredAccount) {
        accounts.removeAll { $0.clientId == account.clientId && $0.authority == account.authority }
        accounts.append(account)
    }

    /// Removes the account of the application with `clientId` at `authority`. Returns whether one was there.
    @discardableResult
    public mutating func removeAccount(clientId: String, authority: String) -> Bool {
        let before = accounts.count
        accounts.removeAll { $0.clientId == clientId && $0.authority == authority }
        return accounts.count != before
    }
}

/// One signed-in account with its tokens.
public struct StoredAccount: Codable, Sendable, Equatable {
    /// The application's client ID.
    public var clientId: String
    /// The authority the account signed in at, as a string (for example
    /// `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`), or the application's
    /// ``NativeAuthPublicClientApplicationConfig/storageAuthority`` when it set one.
    public var authority: String
    /// The username the account signed in with.
    public var username: String
    /// A stable identifier of the account (`uid.utid` from `client_info`, else `oid.tid` or `sub`).
    public var identifier: String
    /// The raw ID token.
    public var idToken: String?
    /// The refresh token; nil when the server issued none.
    public var refreshToken: String?
    /// Cached access tokens, one per scope set.
    public var accessTokens: [StoredAccessToken]
    /// When the account signed in.
    public var signedInAt: Date
    /// The resource scopes the sign-in requested: what a token request without scopes asks for.
    /// Nil in stores written before it was recorded (then: no resource scopes).
    public var defaultScopes: [String]?
    /// When a refresh with ``refreshToken`` may have reached the server without its answer arriving
    /// (so the server may have rotated the token); nil when the last refresh had an answer.
    public var refreshAnswerLostAt: Date?

    /// Creates a stored account.
    public init(
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

/// A cached access token with the scopes it was granted for and its absolute expiry.
public struct StoredAccessToken: Codable, Sendable, Equatable {
    /// The access token.
    public var token: String
    /// The scopes the server granted, as it listed them.
    public var scopes: [String]
    /// When the token expires (computed from `expires_in` with the application's clock when it arrived).
    public var expiresOn: Date
    /// The resource scopes the token was requested for (nil in stores written before it was recorded).
    public var requestedScopes: [String]?

    /// Creates a cached access token.
    public init(token: String, scopes: [String], expiresOn: Date, requestedScopes: [String]? = nil) {
        self.token = token
        self.scopes = scopes
        self.expiresOn = expiresOn
        self.requestedScopes = requestedScopes
    }
}
