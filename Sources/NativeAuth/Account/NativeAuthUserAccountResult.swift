#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A signed-in account: who it is, its ID token, access tokens on demand, and sign-out.
///
/// ```swift
/// let token = try await result.getAccessToken(parameters: NativeAuthGetAccessTokenParameters())
/// request.setValue("Bearer \(token.accessToken)", forHTTPHeaderField: "Authorization")
/// ```
public final class NativeAuthUserAccountResult: Sendable {
    private let stored: Mutex<StoredAccount>
    private let manager: AccountTokenManager

    init(stored: StoredAccount, manager: AccountTokenManager) {
        self.stored = Mutex(stored)
        self.manager = manager
    }

    /// The signed-in user, with the claims of the latest ID token.
    public var account: NativeAuthAccount {
        stored.withLock { NativeAuthAccount(username: $0.username, identifier: $0.identifier, idToken: $0.idToken) }
    }

    /// The latest raw ID token.
    public var idToken: String? { stored.withLock { $0.idToken } }

    /// Returns a valid access token: the cached one while it has more than five minutes to live
    /// (no request), else a fresh one from the refresh token. Concurrent calls share one refresh.
    /// Without `scopes`, the token is for the scopes the account signed in with. With a
    /// `claimsRequest`, the cache is skipped and the refresh grant carries the claims.
    public func getAccessToken(
        parameters: NativeAuthGetAccessTokenParameters = NativeAuthGetAccessTokenParameters()
    ) async throws(RetrieveAccessTokenError) -> NativeAuthTokenResult {
        let identifier = stored.withLock { $0.identifier }
        let result = await manager.accessToken(
            identifier: identifier, scopes: parameters.scopes, forceRefresh: parameters.forceRefresh,
            claims: parameters.claimsRequest, correlationId: parameters.correlationId)
        switch result {
        case .success(let token):
            await refreshFromStore()
            return parameters.returnRefreshToken ? token.carrying(refreshToken: stored.withLock { $0.refreshToken }) : token
        case .failure(let error):
            throw error
        }
    }

    /// Signs out: removes the account and its tokens from the store (no request to the server).
    /// A store failure is logged; use ``signOutOrThrow()`` to handle it.
    public func signOut() {
        do {
            try signOutOrThrow()
        } catch {
            manager.logger.error("sign-out could not update the token store", metadata: ["error": "\(error)"])
        }
    }

    /// Signs out like ``signOut()``, throwing ``TokenStoreError`` when the store cannot be updated.
    public func signOutOrThrow() throws {
        try manager.signOut(identifier: stored.withLock { $0.identifier })
    }

    /// Signs out like ``signOutOrThrow()``, with the store's asynchronous calls: the form a server
    /// uses with a partitioned store (``NativeAuthPartitionedTokenStore``), whose partition it
    /// changes alone. Returns whether the account was still stored.
    /// - Throws: What the store throws when it cannot be updated.
    @discardableResult
    public func signOutFromStore() async throws -> Bool {
        try await manager.signOutFromStore(identifier: stored.withLock { $0.identifier })
    }

    /// The application's transport, for ``callAPI(_:parameters:transport:)``.
    var apiTransport: any HTTPTransport { manager.wire.transport }

    /// Picks up a rotated ID token after a refresh.
    private func refreshFromStore() async {
        let identifier = stored.withLock { $0.identifier }
        guard let latest = try? await manager.storedAccount(identifier: identifier) else { return }
        stored.withLock { $0 = latest }
    }
}
