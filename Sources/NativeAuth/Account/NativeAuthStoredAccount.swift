#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An account kept in a token store, described: who signed in, to which application, where, when,
/// and which tokens are kept (never the tokens themselves). Listed by ``NativeAuthAccountStore``.
public struct NativeAuthStoredAccount: Sendable, Equatable {
    let stored: StoredAccount

    init(stored: StoredAccount) {
        self.stored = stored
    }

    /// The signed-in user: username, identifier, and the claims of the latest ID token
    /// (``NativeAuthAccount/accountClaims``).
    public var account: NativeAuthAccount {
        NativeAuthAccount(username: stored.username, identifier: stored.identifier, idToken: stored.idToken)
    }

    /// The username the account signed in with.
    public var username: String { stored.username }
    /// A stable identifier of the account (`uid.utid` from `client_info`, else `oid.tid` or `sub`).
    public var identifier: String { stored.identifier }
    /// The client ID of the application it signed in to.
    public var clientId: String { stored.clientId }
    /// Where it signed in: the application's authority as a string, or the key the application set
    /// instead (``NativeAuthPublicClientApplicationConfig/storageAuthority``).
    public var storageAuthority: String { stored.authority }
    /// When it signed in.
    public var signedInAt: Date { stored.signedInAt }
    /// Since when it is the active account of its application: when it signed in, or later when it
    /// was made active (``NativeAuthAccountStore/activate(_:at:)``).
    public var activeSince: Date { stored.activeSince }
    /// Whether a refresh token is kept (new access tokens can be had without signing in again).
    public var hasRefreshToken: Bool { stored.refreshToken != nil }
    /// The access tokens kept, with their scopes and expiry.
    public var accessTokens: [NativeAuthCachedAccessToken] {
        stored.accessTokens.map { NativeAuthCachedAccessToken(scopes: $0.scopes, expiresOn: $0.expiresOn) }
    }

    /// The cached access token ``NativeAuthUserAccountResult/getAccessToken(parameters:)`` would answer
    /// with for `scopes` (nil: the scopes the account signed in with) at `now`, without a request; nil
    /// when it would refresh.
    public func cachedAccessToken(scopes: [String]? = nil, now: Date = Date()) -> NativeAuthTokenResult? {
        AccountTokenManager.cachedToken(in: stored, scopes: scopes, now: now)
    }
}

/// An access token kept in a token store, described (its value is not exposed here: ask the
/// account for a token with ``NativeAuthUserAccountResult/getAccessToken(parameters:)``).
public struct NativeAuthCachedAccessToken: Sendable, Equatable {
    /// The scopes the server granted, as it listed them.
    public let scopes: [String]
    /// When the token expires.
    public let expiresOn: Date
}

extension TokenStoreContents {
    /// The signed-in accounts of every application, described (see ``NativeAuthAccountStore``).
    public var accounts: [NativeAuthStoredAccount] {
        storedAccounts.map(NativeAuthStoredAccount.init(stored:))
    }
}
