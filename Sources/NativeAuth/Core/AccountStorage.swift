#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where one application keeps its accounts: the token store (one document, or one partition of a
/// partitioned store), the key its account is stored under (its authority, unless the app set
/// another), and the token refreshes in flight (one per account and scopes, joined by every caller
/// in this process). The account layer's `AccountTokenManager` does the work on it; this holds the
/// state that must be one per application.
final class AccountStorage: Sendable {
    let place: AccountStorePlace
    let storageAuthority: String
    /// A new sign-in keeps the application's other accounts (see ``NativeAuthPublicClientApplicationConfig/keepsSeveralAccounts``).
    let keepsSeveralAccounts: Bool
    let refreshes = SingleFlight<TokenRefresh>()

    convenience init(store: any NativeAuthTokenStore, storageAuthority: String, keepsSeveralAccounts: Bool = false) {
        self.init(place: .document(store), storageAuthority: storageAuthority, keepsSeveralAccounts: keepsSeveralAccounts)
    }

    init(place: AccountStorePlace, storageAuthority: String, keepsSeveralAccounts: Bool) {
        self.place = place
        self.storageAuthority = storageAuthority
        self.keepsSeveralAccounts = keepsSeveralAccounts
    }

    /// The same application's storage in partition `key` of `store` (with refreshes of its own).
    func partition(_ key: String, of store: any NativeAuthPartitionedTokenStore) -> AccountStorage {
        AccountStorage(place: .partition(store, key: key), storageAuthority: storageAuthority, keepsSeveralAccounts: keepsSeveralAccounts)
    }
}

/// Where an application's accounts are: a token store's one document (read and written
/// synchronously, as the CLI and apps do), or one partition of a partitioned store (asynchronously,
/// as a server does).
enum AccountStorePlace: Sendable {
    case document(any NativeAuthTokenStore)
    case partition(any NativeAuthPartitionedTokenStore, key: String)

    /// The document store, for the synchronous calls; a partitioned store cannot answer them.
    func documentStore() throws -> any NativeAuthTokenStore {
        switch self {
        case .document(let store): return store
        case .partition:
            throw TokenStoreError(.unreadable, path: nil, message:
                "This application keeps its accounts in a partitioned token store, which is read asynchronously: "
                + "use storedAccount() and signOutFromStore().")
        }
    }

    func read() async throws -> TokenStoreContents {
        switch self {
        case .document(let store): return try store.read()
        case .partition(let store, let key): return try await store.read(partition: key)
        }
    }

    func modify<T: Sendable>(_ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T {
        switch self {
        case .document(let store): return try store.modify(body)
        case .partition(let store, let key): return try await store.modify(partition: key, body)
        }
    }

    /// The partition's key; nil for a document store.
    var partitionKey: String? {
        if case .partition(_, let key) = self { return key }
        return nil
    }

    func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        switch self {
        case .document(let store): return try await store.withRefreshLock(body)
        case .partition(let store, let key): return try await store.withRefreshLock(partition: key, body)
        }
    }
}

/// What one refresh (or the cached token found while waiting for its lock) came to.
enum TokenRefresh: Sendable {
    /// An access token, its granted scopes and its expiry.
    case token(accessToken: String, scopes: [String], expiresOn: Date?)
    /// No token: the details of the error.
    case failed(NativeAuthErrorDetails)
}
