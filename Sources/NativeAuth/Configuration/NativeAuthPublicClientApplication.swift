import Foundation
import Logging

/// The entry point: an application registered in a Microsoft Entra External ID tenant, signing
/// people in through the native-authentication API (email one-time passcode or email + password).
///
/// ```swift
/// let app = try NativeAuthPublicClientApplication(
///     clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso",
///     challengeTypes: [.OOB, .password])
/// switch await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")) {
/// case .codeRequired(let state, let sentTo, _, _):
///     print("Code sent to \(sentTo)")
///     _ = await state.submitCode(code: readLine() ?? "")
/// default: break
/// }
/// ```
///
/// ## Topics
/// - Starting: ``signIn(parameters:)``, ``signIn(parameters:delegate:)``
/// - Steps: ``SignInCodeRequiredState``, ``SignInPasswordRequiredState``
/// - The account: ``NativeAuthUserAccountResult``, ``getNativeAuthUserAccount()``, ``currentAccount()``
public final class NativeAuthPublicClientApplication: Sendable {
    /// The application (client) ID.
    public let clientId: String
    /// The authority every endpoint is appended to.
    public let authority: URL
    /// The sign-in methods the app offers.
    public let challengeTypes: NativeAuthChallengeTypes
    /// The extra flows the app can run.
    public let capabilities: NativeAuthCapabilities
    private let environment: SignInEnvironment

    /// Creates an application for a tenant subdomain: the authority is
    /// `https://{tenantSubdomain}.ciamlogin.com/{tenantSubdomain}.onmicrosoft.com`.
    ///
    /// - Parameters:
    ///   - clientId: The application (client) ID of the app registration.
    ///   - tenantSubdomain: The first label of the tenant's domain, such as `contoso`.
    ///   - challengeTypes: The sign-in methods the app offers (`redirect` is always added).
    ///   - capabilities: Extra flows the app can run; sent when a flow starts.
    ///   - transport: How requests are sent; a `URLSession` by default.
    ///   - tokenStore: Where accounts and tokens are kept; in memory by default.
    ///   - logger: Where the library logs (never passwords, codes or tokens); silent by default.
    ///   - retryPolicy: When requests are retried by themselves.
    ///   - now: The clock used for token expiry.
    /// - Throws: ``NativeAuthConfigurationError`` when the configuration cannot work.
    public convenience init(
        clientId: String, tenantSubdomain: String, challengeTypes: NativeAuthChallengeTypes,
        capabilities: NativeAuthCapabilities = [], transport: (any HTTPTransport)? = nil,
        tokenStore: (any NativeAuthTokenStore)? = nil, logger: Logger? = nil,
        retryPolicy: RetryPolicy = .default, now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        try self.init(
            clientId: clientId, authority: try AuthorityValidation.authority(tenantSubdomain: tenantSubdomain),
            challengeTypes: challengeTypes, capabilities: capabilities, transport: transport,
            tokenStore: tokenStore, logger: logger, retryPolicy: retryPolicy, now: now)
    }

    /// Creates an application for any authority URL (a custom domain, a tenant ID, a local emulator).
    /// Endpoints are appended to its path. `http://` is accepted for loopback hosts only.
    ///
    /// - Throws: ``NativeAuthConfigurationError`` when the configuration cannot work.
    public init(
        clientId: String, authority: URL, challengeTypes: NativeAuthChallengeTypes,
        capabilities: NativeAuthCapabilities = [], transport: (any HTTPTransport)? = nil,
        tokenStore: (any NativeAuthTokenStore)? = nil, logger: Logger? = nil,
        retryPolicy: RetryPolicy = .default, now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        guard !challengeTypes.isEmpty else {
            throw NativeAuthConfigurationError("Give at least one challenge type: .OOB (email code), .password, or both.")
        }
        self.clientId = try AuthorityValidation.validate(clientId: clientId)
        self.authority = try AuthorityValidation.validate(authority: authority)
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
        let logger = logger ?? LogMasking.silentLogger
        let wire = WireClient(
            authority: self.authority, clientId: self.clientId, transport: transport ?? HTTPTransports.makeDefault(),
            retryPolicy: retryPolicy, logger: logger)
        let accounts = AccountTokenManager(wire: wire, store: tokenStore ?? InMemoryTokenStore(), now: now, logger: logger)
        environment = SignInEnvironment(
            wire: wire, challengeTypes: challengeTypes, capabilities: capabilities, accounts: accounts, logger: logger)
    }

    /// Starts a sign-in: the server answers with a code sent to the user, a request for the password,
    /// or (when a password was given and accepted) a signed-in account.
    ///
    /// - See Also: ``SignInCodeRequiredState/submitCode(code:)``, ``SignInPasswordRequiredState/submitPassword(password:)``
    public func signIn(parameters: NativeAuthSignInParameters) async -> SignInStartResult {
        await SignInFlow.start(parameters, environment: environment)
    }

    /// Starts a sign-in and reports the outcome to `delegate` on the main actor (see ``signIn(parameters:)``).
    ///
    /// ```swift
    /// let parameters = NativeAuthSignInParameters(username: email)
    /// nativeAuth.signIn(parameters: parameters, delegate: self)
    /// ```
    public func signIn(parameters: NativeAuthSignInParameters, delegate: any SignInStartDelegate) {
        Task { @MainActor in
            await self.signIn(parameters: parameters).deliver(to: delegate)
        }
    }

    /// The account signed in to this application, from the token store; nil when there is none.
    /// A store that cannot be read is logged as an error and gives nil: use ``currentAccount()`` to handle it.
    public func getNativeAuthUserAccount() -> NativeAuthUserAccountResult? {
        do {
            return try currentAccount()
        } catch {
            environment.logger.error("the token store could not be read", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The account signed in to this application, from the token store (no request).
    /// - Throws: ``TokenStoreError`` when the store cannot be read.
    public func currentAccount() throws -> NativeAuthUserAccountResult? {
        try environment.accounts.currentAccount()
    }
}
