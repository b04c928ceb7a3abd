import Foundation
import Logging

/// Keeps the application's signed-in account and its tokens: stores a sign-in, serves cached access
/// tokens, refreshes them (one refresh at a time per account and scopes, in this process and across
/// processes sharing a store), and signs out.
final class AccountTokenManager: Sendable {
    /// A cached access token is used only while it has at least this long to live.
    static let expiryMargin: TimeInterval = 300
    private static let oidcScopes: Set<String> = ["openid", "profile", "offline_access", "email"]

    let wire: WireClient
    let store: any NativeAuthTokenStore
    let now: @Sendable () -> Date
    let logger: Logger
    private let refreshes = SingleFlight<Result<NativeAuthTokenResult, RetrieveAccessTokenError>>()

    init(wire: WireClient, store: any NativeAuthTokenStore, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.wire = wire
        self.store = store
        self.now = now
        self.logger = logger
    }

    private var clientId: String { wire.clientId }
    private var authority: String { wire.authority.absoluteString }

    // MARK: Sign-in and sign-out

    /// Stores the tokens of a completed sign-in (replacing the app's previous account).
    func signedIn(_ tokens: TokenResponse, username: String) throws -> NativeAuthUserAccountResult {
        let identifier = NativeAuthAccount.identifier(clientInfo: tokens.clientInfo, idToken: tokens.idToken, username: username)
        let account = StoredAccount(
            clientId: clientId, authority: authority, username: username, identifier: identifier,
            idToken: tokens.idToken, refreshToken: tokens.refreshToken,
            accessTokens: [accessToken(from: tokens, requested: [])], signedInAt: now())
        try store.modify { $0.upsert(account) }
        return NativeAuthUserAccountResult(stored: account, manager: self)
    }

    /// The account signed in to this application, read from the store.
    func currentAccount() throws -> NativeAuthUserAccountResult? {
        try store.read().account(clientId: clientId, authority: authority)
            .map { NativeAuthUserAccountResult(stored: $0, manager: self) }
    }

    /// Removes the account and its tokens from the store. Returns whether it was there.
    @discardableResult
    func signOut(identifier: String) throws -> Bool {
        try store.modify { contents in
            guard contents.account(clientId: clientId, authority: authority)?.identifier == identifier else { return false }
            return contents.removeAccount(clientId: clientId, authority: authority)
        }
    }

    // MARK: Access tokens

    /// A valid access token for `identifier`: from the cache when one is good for five more minutes,
    /// else from a `refresh_token` grant.
    func accessToken(identifier: String, scopes requested: [String]?, forceRefresh: Bool, correlationId: UUID?)
        async -> Result<NativeAuthTokenResult, RetrieveAccessTokenError>
    {
        let correlationId = correlationId ?? UUID()
        let wanted = Self.resourceScopes(requested ?? [])
        if !forceRefresh {
            switch cached(identifier: identifier, scopes: wanted, correlationId: correlationId) {
            case .success(let token?): return .success(token)
            case .success(nil): break
            case .failure(let error): return .failure(error)
            }
        }
        let key = "\(identifier)|\(wanted.sorted().joined(separator: " "))"
        return await refreshes.run(key: key) { [self] in
            do {
                return try await store.withRefreshLock {
                    await self.refreshHoldingLock(identifier: identifier, wanted: wanted, forceRefresh: forceRefresh, correlationId: correlationId)
                }
            } catch {
                return .failure(Self.storeError(error, correlationId: correlationId))
            }
        }
    }

    private func refreshHoldingLock(identifier: String, wanted: Set<String>, forceRefresh: Bool, correlationId: UUID)
        async -> Result<NativeAuthTokenResult, RetrieveAccessTokenError>
    {
        // Another process may have refreshed while this one waited for the lock.
        let account: StoredAccount
        switch storedAccount(identifier: identifier, correlationId: correlationId) {
        case .failure(let error): return .failure(error)
        case .success(let found): account = found
        }
        if !forceRefresh, let token = Self.validToken(in: account, scopes: wanted, now: now()) {
            return .success(token)
        }
        guard let refreshToken = account.refreshToken else {
            return .failure(RetrieveAccessTokenError(StepFailure.local(
                .refreshTokenExpired, "No refresh token is stored for this account (the server issued none): sign in again.",
                correlationId: correlationId)))
        }
        let scopes = SignInEnvironment.scopes(wanted.isEmpty ? Self.lastGrantedScopes(account) : wanted.sorted())
        logger.info("refreshing access token", metadata: ["username": "\(LogMasking.username(account.username))",
                                                         "correlation-id": "\(correlationId)"])
        let reply = await wire.post(
            .token,
            [("grant_type", "refresh_token"), ("refresh_token", refreshToken),
             ("scope", scopes.joined(separator: " ")), ("client_info", "true")],
            correlationId: correlationId, as: TokenResponse.self)
        guard case .success(let tokens) = reply.outcome else {
            return .failure(RetrieveAccessTokenError(StepFailure.details(reply.outcome, step: .refresh, correlationId: reply.correlationId)))
        }
        let fresh = accessToken(from: tokens, requested: scopes)
        do {
            try store.modify { contents in
                guard var current = contents.account(clientId: clientId, authority: authority), current.identifier == identifier else {
                    return  // signed out meanwhile: do not bring the account back
                }
                current.refreshToken = tokens.refreshToken ?? current.refreshToken
                current.idToken = tokens.idToken ?? current.idToken
                current.accessTokens.removeAll { Set($0.scopes) == Set(fresh.scopes) || $0.expiresOn <= now() }
                current.accessTokens.append(fresh)
                contents.upsert(current)
            }
        } catch {
            return .failure(Self.storeError(error, correlationId: reply.correlationId))
        }
        return .success(NativeAuthTokenResult(accessToken: fresh.token, scopes: fresh.scopes, expiresOn: fresh.expiresOn))
    }

    private func cached(identifier: String, scopes: Set<String>, correlationId: UUID)
        -> Result<NativeAuthTokenResult?, RetrieveAccessTokenError>
    {
        storedAccount(identifier: identifier, correlationId: correlationId).map { Self.validToken(in: $0, scopes: scopes, now: now()) }
    }

    private func storedAccount(identifier: String, correlationId: UUID) -> Result<StoredAccount, RetrieveAccessTokenError> {
        do {
            guard let account = try store.read().account(clientId: clientId, authority: authority),
                  account.identifier == identifier
            else {
                return .failure(RetrieveAccessTokenError(StepFailure.local(
                    .noAccount, "The account is not signed in any more (it signed out, or its tokens were removed).",
                    correlationId: correlationId)))
            }
            return .success(account)
        } catch {
            return .failure(Self.storeError(error, correlationId: correlationId))
        }
    }

    /// The cached token covering `scopes` with the latest expiry, if it is good for five more minutes.
    private static func validToken(in account: StoredAccount, scopes: Set<String>, now: Date) -> NativeAuthTokenResult? {
        let candidates = account.accessTokens.filter { scopes.isSubset(of: resourceScopes($0.scopes)) }
        guard let best = candidates.max(by: { $0.expiresOn < $1.expiresOn }),
              best.expiresOn.timeIntervalSince(now) > expiryMargin
        else { return nil }
        return NativeAuthTokenResult(accessToken: best.token, scopes: best.scopes, expiresOn: best.expiresOn)
    }

    private func accessToken(from tokens: TokenResponse, requested: [String]) -> StoredAccessToken {
        let granted = tokens.scope.map { $0.split(separator: " ").map(String.init) } ?? requested
        return StoredAccessToken(token: tokens.accessToken, scopes: granted,
                                 expiresOn: now().addingTimeInterval(TimeInterval(tokens.expiresIn)))
    }

    private static func resourceScopes(_ scopes: [String]) -> Set<String> {
        Set(scopes.filter { !$0.isEmpty && !oidcScopes.contains($0.lowercased()) })
    }

    private static func lastGrantedScopes(_ account: StoredAccount) -> [String] {
        account.accessTokens.max(by: { $0.expiresOn < $1.expiresOn }).map { resourceScopes($0.scopes).sorted() } ?? []
    }

    private static func storeError(_ error: any Error, correlationId: UUID) -> RetrieveAccessTokenError {
        RetrieveAccessTokenError(StepFailure.local(.tokenStore, "The token store failed: \(error)", correlationId: correlationId))
    }
}
