#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where one application keeps its accounts: the token store, the key its account is stored under
/// (its authority, unless the app set another), and the token refreshes in flight (one per account
/// and scopes, joined by every caller in this process). The account layer's `AccountTokenManager`
/// does the work on it; this holds the state that must be one per application.
final class AccountStorage: Sendable {
    let store: any NativeAuthTokenStore
    let storageAuthority: String
    /// A new sign-in keeps the application's other accounts (see ``NativeAuthPublicClientApplicationConfig/keepsSeveralAccounts``).
    let keepsSeveralAccounts: Bool
    let refreshes = SingleFlight<TokenRefresh>()

    init(store: any NativeAuthTokenStore, storageAuthority: String, keepsSeveralAccounts: Bool = false) {
        self.store = store
        self.storageAuthority = storageAuthority
        self.keepsSeveralAccounts = keepsSeveralAccounts
    }
}

/// What one refresh (or the cached token found while waiting for its lock) came to.
enum TokenRefresh: Sendable {
    /// An access token, its granted scopes and its expiry.
    case token(accessToken: String, scopes: [String], expiresOn: Date?)
    /// No token: the details of the error.
    case failed(NativeAuthErrorDetails)
}
