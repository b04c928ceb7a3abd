#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging

/// Keeps the application's signed-in account and its tokens: stores a sign-in, serves cached access
/// tokens, refreshes them (one refresh at a time per account and scopes, in this process and across
/// processes sharing a store), and signs out.
///
/// Accounts are stored under the application's client ID and ``storageAuthority`` (its authority,
/// unless the app set another key, as the CLI does for its emulator on a changing port). A sign-in
/// replaces the application's previous account, unless the application keeps several
/// (``AccountStorage/keepsSeveralAccounts``): then it replaces only the same account, and the
/// application's current account is the one that signed in, or was made active, last.
///
/// A value over the application's ``AccountStorage`` (which holds the refreshes in flight), so every
/// manager of one application shares them.
struct AccountTokenManager: Sendable {
    let wire: WireClient
    let storage: AccountStorage
    let clock: any NativeAuthClock
    let logger: Logger

    init(environment: ApplicationEnvironment) {
        wire = environment.wire
        storage = environment.accountStorage
        clock = environment.clock
        logger = environment.logger
    }

    var clientId: String { wire.clientId }
    var place: AccountStorePlace { storage.place }
    var storageAuthority: String { storage.storageAuthority }

    // MARK: Sign-in and sign-out

    /// Stores the tokens of a completed sign-in (replacing the app's previous account, or only the same
    /// account when the app keeps several). The scopes the sign-in requested become the account's
    /// default scopes for ``accessToken(identifier:scopes:forceRefresh:claims:correlationId:)``.
    func signedIn(_ tokens: TokenResponse, username: String, requestedScopes: [String]) async throws -> NativeAuthUserAccountResult {
        let identifier = NativeAuthAccount.identifier(clientInfo: tokens.clientInfo, idToken: tokens.idToken, username: username)
        let defaultScopes = RequestedScopes.resource(requestedScopes).sorted()
        let account = StoredAccount(
            clientId: clientId, authority: storageAuthority, username: username, identifier: identifier,
            idToken: tokens.idToken, refreshToken: tokens.refreshToken,
            accessTokens: [accessToken(from: tokens, requested: defaultScopes)], signedInAt: clock.now,
            defaultScopes: defaultScopes)
        let replacingOthers = !storage.keepsSeveralAccounts
        let replaced = try await place.modify { contents in
            let sameUsername = contents.accountsReplaced(by: account)
            contents.upsert(account, replacingOthers: replacingOthers)
            return sameUsername
        }
        if !replaced.isEmpty {
            logger.info("replaced a stored account of the same username with another account ID",
                                    metadata: ["username": "\(LogMasking.username(username))"])
        }
        return NativeAuthUserAccountResult(stored: account, manager: self)
    }

    /// The account signed in to this application, read from a document store.
    func currentAccount() throws -> NativeAuthUserAccountResult? {
        try place.documentStore().read().account(clientId: clientId, authority: storageAuthority)
            .map { NativeAuthUserAccountResult(stored: $0, manager: self) }
    }

    /// The account signed in to this application, read from its store (a document or a partition).
    func currentAccountFromStore() async throws -> NativeAuthUserAccountResult? {
        try await place.read().account(clientId: clientId, authority: storageAuthority)
            .map { NativeAuthUserAccountResult(stored: $0, manager: self) }
    }

    /// Every account signed in to this application, the current one first, then by when each was
    /// last active.
    func accounts() throws -> [NativeAuthUserAccountResult] {
        // The store's order breaks ties: a sign-in or an activation puts the account last.
        try place.documentStore().read().storedAccounts
            .filter { $0.clientId == clientId && $0.authority == storageAuthority }
            .enumerated()
            .sorted { ($0.element.activeSince, $0.offset) > ($1.element.activeSince, $1.offset) }
            .map { NativeAuthUserAccountResult(stored: $0.element, manager: self) }
    }

    /// The stored account `identifier` of this application, if it is kept.
    func storedAccount(identifier: String) async throws -> StoredAccount? {
        try await place.read().account(clientId: clientId, authority: storageAuthority, identifier: identifier)
    }

    /// Removes the account and its tokens from a document store. Returns whether it was there.
    @discardableResult
    func signOut(identifier: String) throws -> Bool {
        let (clientId, storageAuthority) = (clientId, storageAuthority)
        return try place.documentStore().modify { contents in
            contents.removeAccount(clientId: clientId, authority: storageAuthority, identifier: identifier)
        }
    }

    /// Removes the account and its tokens from the store (a document or a partition). Returns
    /// whether it was there.
    @discardableResult
    func signOutFromStore(identifier: String) async throws -> Bool {
        let (clientId, storageAuthority) = (clientId, storageAuthority)
        return try await place.modify { contents in
            contents.removeAccount(clientId: clientId, authority: storageAuthority, identifier: identifier)
        }
    }

    // MARK: Access tokens

    /// A valid access token for `identifier`: from the cache when one is good for five more minutes,
    /// else from a `refresh_token` grant. `requested` nil means the scopes the account signed in with.
    /// `claims` skip the cache (as `forceRefresh` does) and go on the refresh grant.
    func accessToken(identifier: String, scopes requested: [String]?, forceRefresh: Bool, claims: ClaimsRequest? = nil,
                     correlationId: UUID?)
        async -> Result<NativeAuthTokenResult, RetrieveAccessTokenError>
    {
        let correlationId = correlationId ?? UUID()
        let account: StoredAccount
        switch await storedAccount(identifier: identifier, correlationId: correlationId) {
        case .failure(let error): return .failure(error)
        case .success(let found): account = found
        }
        let wanted = Self.wantedScopes(requested, account: account)
        let forceRefresh = forceRefresh || claims != nil
        if !forceRefresh, let token = Self.validToken(in: account, scopes: wanted, now: clock.now) {
            return .success(token)
        }
        let key = "\(identifier)|\(wanted.sorted().joined(separator: " "))" + (claims.map { "|" + $0.jsonString() } ?? "")
        let refreshed = await storage.refreshes.run(key: key) { [self] in
            do {
                return try await place.withRefreshLock {
                    switch await self.refreshHoldingLock(identifier: identifier, wanted: wanted, forceRefresh: forceRefresh,
                                                                claims: claims, correlationId: correlationId) {
                    case .success(let token): return TokenRefresh.token(accessToken: token.accessToken, scopes: token.scopes, expiresOn: token.expiresOn)
                    case .failure(let error): return TokenRefresh.failed(error.details)
                    }
                }
            } catch {
                return .failed(Self.storeError(error, correlationId: correlationId).details)
            }
        }
        switch refreshed {
        case .token(let accessToken, let scopes, let expiresOn):
            return .success(NativeAuthTokenResult(accessToken: accessToken, scopes: scopes, expiresOn: expiresOn))
        case .failed(let details):
            return .failure(RetrieveAccessTokenError(details))
        }
    }

    private func refreshHoldingLock(identifier: String, wanted: Set<String>, forceRefresh: Bool, claims: ClaimsRequest?,
                                    correlationId: UUID)
        async -> Result<NativeAuthTokenResult, RetrieveAccessTokenError>
    {
        // Another process may have refreshed while this one waited for the lock.
        let account: StoredAccount
        switch await storedAccount(identifier: identifier, correlationId: correlationId) {
        case .failure(let error): return .failure(error)
        case .success(let found): account = found
        }
        if !forceRefresh, let token = Self.validToken(in: account, scopes: wanted, now: clock.now) {
            return .success(token)
        }
        guard let refreshToken = account.refreshToken else {
            return .failure(RetrieveAccessTokenError(FlowErrorMapping.local(
                .refreshTokenExpired, "No refresh token is stored for this account (the server issued none): sign in again.",
                correlationId: correlationId)))
        }
        let requested = wanted.sorted()
        logger.info("refreshing access token", metadata: ["username": "\(LogMasking.username(account.username))",
                                                         "correlation-id": "\(correlationId)"])
        let fields = TokenGrant.refreshToken(refreshToken).fields(scopes: RequestedScopes.merged(requested), claims: claims)
        // Not replayable: the server may have spent the refresh token even if its answer is lost.
        let reply = await wire.post(.token, fields, correlationId: correlationId, as: TokenResponse.self, replayable: false)
        let tokens: TokenResponse
        switch reply.outcome {
        case .rejected(let rejection):
            if case .unavailable(let failure) = rejection, case .transport(_, mayHaveReachedServer: true) = failure.kind {
                await rememberLostAnswer(identifier: identifier, refreshToken: refreshToken)
            }
            let step: RefreshStep = account.refreshAnswerLostAt == nil ? .refresh : .refreshAfterLostAnswer
            return .failure(RetrieveAccessTokenError(FlowErrorMapping.failure(rejection, correlationId: reply.correlationId, at: step).details))
        case .success(let body):
            tokens = body
        }
        let fresh = accessToken(from: tokens, requested: requested)
        let (clientId, storageAuthority, now) = (clientId, storageAuthority, clock.now)
        do {
            try await place.modify { contents in
                guard var current = contents.account(clientId: clientId, authority: storageAuthority, identifier: identifier) else {
                    return  // signed out meanwhile: do not bring the account back
                }
                current.refreshToken = tokens.refreshToken ?? current.refreshToken
                current.refreshAnswerLostAt = nil
                current.idToken = tokens.idToken ?? current.idToken
                current.accessTokens.removeAll { Self.key(of: $0) == wanted || $0.expiresOn <= now }
                current.accessTokens.append(fresh)
                contents.replaceInPlace(current)
            }
        } catch {
            return .failure(Self.storeError(error, correlationId: reply.correlationId))
        }
        return .success(NativeAuthTokenResult(accessToken: fresh.token, scopes: fresh.scopes, expiresOn: fresh.expiresOn))
    }

    /// Records that a refresh with `refreshToken` may have reached the server without an answer, so a
    /// later 70000 can say why (best effort: a store that fails here fails the next call anyway).
    private func rememberLostAnswer(identifier: String, refreshToken: String) async {
        let (clientId, storageAuthority, now) = (clientId, storageAuthority, clock.now)
        _ = try? await place.modify { contents in
            guard var current = contents.account(clientId: clientId, authority: storageAuthority, identifier: identifier),
                  current.refreshToken == refreshToken
            else { return }
            current.refreshAnswerLostAt = now
            contents.replaceInPlace(current)
        }
    }

    private func storedAccount(identifier: String, correlationId: UUID) async -> Result<StoredAccount, RetrieveAccessTokenError> {
        do {
            guard let account = try await storedAccount(identifier: identifier) else {
                return .failure(RetrieveAccessTokenError(FlowErrorMapping.local(
                    .noAccount, "The account is not signed in any more (it signed out, or its tokens were removed).",
                    correlationId: correlationId)))
            }
            return .success(account)
        } catch {
            return .failure(Self.storeError(error, correlationId: correlationId))
        }
    }

    /// The resource scopes a request for `requested` is about; nil means the account's default scopes.
    private static func wantedScopes(_ requested: [String]?, account: StoredAccount) -> Set<String> {
        requested.map(RequestedScopes.resource) ?? Set(account.defaultScopes ?? [])
    }

    /// The cached access token ``accessToken(identifier:scopes:forceRefresh:claims:correlationId:)`` answers
    /// for `account` without a request (or nil).
    static func cachedToken(in account: StoredAccount, scopes requested: [String]?, now: Date) -> NativeAuthTokenResult? {
        validToken(in: account, scopes: wantedScopes(requested, account: account), now: now)
    }

    /// The resource scopes a cached token was requested for: what tells it from the app's other tokens.
    /// Tokens stored before requests were recorded fall back to the scopes the server granted.
    private static func key(of token: StoredAccessToken) -> Set<String> {
        RequestedScopes.resource(token.requestedScopes ?? token.scopes)
    }

    /// The cached token for `scopes` with the latest expiry, if it is good for five more minutes: one
    /// requested for exactly these scopes or, for named scopes, one granted at least them. A request
    /// for the default (no resource scopes) never gets another audience's token.
    private static func validToken(in account: StoredAccount, scopes: Set<String>, now: Date) -> NativeAuthTokenResult? {
        let candidates = account.accessTokens.filter { token in
            key(of: token) == scopes || (!scopes.isEmpty && scopes.isSubset(of: RequestedScopes.resource(token.scopes)))
        }
        guard let best = candidates.max(by: { $0.expiresOn < $1.expiresOn }),
              best.expiresOn.timeIntervalSince(now) > StoredAccessToken.servingMargin
        else { return nil }
        return NativeAuthTokenResult(accessToken: best.token, scopes: best.scopes, expiresOn: best.expiresOn)
    }

    private func accessToken(from tokens: TokenResponse, requested: [String]) -> StoredAccessToken {
        let granted = tokens.scope.map { $0.split(separator: " ").map(String.init) } ?? RequestedScopes.merged(requested)
        return StoredAccessToken(token: tokens.accessToken, scopes: granted,
                                 expiresOn: clock.now.addingTimeInterval(TimeInterval(tokens.expiresIn)),
                                 requestedScopes: requested)
    }

    private static func storeError(_ error: any Error, correlationId: UUID) -> RetrieveAccessTokenError {
        RetrieveAccessTokenError(FlowErrorMapping.local(.tokenStore, "The token store failed: \(error)", correlationId: correlationId))
    }
}

extension TokenStoreContents {
    /// Puts `account` where the same account is kept (client ID, authority and identifier), keeping
    /// its place in the store's order (which breaks ties between accounts active since the same
    /// time): a refresh changes tokens, not which account is active.
    mutating func replaceInPlace(_ account: StoredAccount) {
        guard let index = storedAccounts.firstIndex(where: {
            $0.clientId == account.clientId && $0.authority == account.authority && $0.identifier == account.identifier
        }) else { return upsert(account) }
        storedAccounts[index] = account
    }
}
