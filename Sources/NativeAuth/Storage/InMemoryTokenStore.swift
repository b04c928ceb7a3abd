#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A token store that lives only as long as the process: the default store.
///
/// ```swift
/// let app = try NativeAuthPublicClientApplication(
///     clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB],
///     tokenStore: InMemoryTokenStore())
/// ```
public final class InMemoryTokenStore: NativeAuthTokenStore {
    private let contents: Mutex<TokenStoreContents>
    private let refreshLock = AsyncLock()

    /// Creates an empty store, or one holding `contents`.
    public init(_ contents: TokenStoreContents = TokenStoreContents()) {
        self.contents = Mutex(contents)
    }

    public func read() throws -> TokenStoreContents {
        contents.withLock { $0 }
    }

    public func modify<T>(_ body: (inout TokenStoreContents) throws -> T) throws -> T {
        try contents.withLock { current in
            var copy = current
            let result = try body(&copy)
            current = copy
            return result
        }
    }

    public func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await refreshLock.withLock(body)
    }
}
