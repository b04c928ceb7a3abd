#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
///
/// ### Configuring
/// - ``NativeAuthPublicClientApplicationConfig``
/// - ``init(nativeAuthConfiguration:)``
///
/// ### Starting a flow
/// - ``signIn(parameters:)``
/// - ``signIn(parameters:delegate:)``
/// - ``signUp(parameters:)``
/// - ``signUp(parameters:delegate:)``
/// - ``resetPassword(parameters:)``
/// - ``resetPassword(parameters:delegate:)``
///
/// ### In the browser (the fallback of a browser-required error)
/// - ``acquireToken(parameters:)``
/// - ``acquireTokenWithDeviceCode(parameters:)``
/// - ``BrowserFallback``
///
/// ### The account
/// - ``NativeAuthUserAccountResult``
/// - ``getNativeAuthUserAccount(correlationId:)``
/// - ``currentAccount()``
///
/// ### On a server
/// - ``partition(_:of:)``
/// - ``storedAccount()``
/// - ``NativeAuthPartitionedTokenStore``
public final class NativeAuthPublicClientApplication: Sendable {
    /// The application (client) ID.
    public let clientId: String
    /// The authority every endpoint is appended to.
    public let authority: URL
    /// The sign-in methods the app offers.
    public let challengeTypes: NativeAuthChallengeTypes
    /// The extra flows the app can run.
    public let capabilities: NativeAuthCapabilities
    /// The redirect URI registered for the browser fallback, if any.
    public let redirectUri: String?
    /// The version of the native-authentication API the application speaks.
    public let api: NativeAuthAPI
    let environment: ApplicationEnvironment

    /// Creates an application from a configuration, as MSAL's current API does.
    ///
    /// ```swift
    /// let config = try NativeAuthPublicClientApplicationConfig(
    ///     clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB])
    /// let nativeAuth = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
    /// ```
    ///
    /// - Throws: ``NativeAuthConfigurationError`` when the redirect URI is not an absolute URL.
    public init(nativeAuthConfiguration config: NativeAuthPublicClientApplicationConfig) throws {
        let values = config.snapshot
        if let redirectUri = values.redirectUri {
            guard let url = URL(string: redirectUri), url.scheme != nil else {
                throw NativeAuthConfigurationError(
                    "The redirect URI '\(redirectUri)' is not an absolute URL such as http://localhost or msauth.com.contoso.app://auth.")
            }
        }
        clientId = config.clientId
        authority = config.authority
        challengeTypes = config.challengeTypes
        capabilities = values.capabilities
        redirectUri = values.redirectUri
        api = values.api
        let logger = values.logger ?? LogMasking.silentLogger
        let wire = WireClient(
            authority: authority, clientId: clientId, transport: try values.transport ?? Self.defaultTransport(caFile: values.caFile),
            retryPolicy: values.retryPolicy, clock: values.clock, logger: logger, interceptor: values.requestInterceptor)
        let accountStorage = AccountStorage(
            store: values.tokenStore ?? InMemoryTokenStore(), storageAuthority: values.storageAuthority ?? authority.absoluteString,
            keepsSeveralAccounts: values.keepsSeveralAccounts)
        environment = ApplicationEnvironment(
            wire: wire, api: values.api, challengeTypes: challengeTypes, capabilities: capabilities, accountStorage: accountStorage,
            clock: values.clock, logger: logger)
    }

    /// The same application keeping its accounts in `accountStorage` (``partition(_:of:)``).
    init(copying application: NativeAuthPublicClientApplication, accountStorage: AccountStorage) {
        clientId = application.clientId
        authority = application.authority
        challengeTypes = application.challengeTypes
        capabilities = application.capabilities
        redirectUri = application.redirectUri
        api = application.api
        let environment = application.environment
        self.environment = ApplicationEnvironment(
            wire: environment.wire, api: environment.api, challengeTypes: environment.challengeTypes, capabilities: environment.capabilities,
            accountStorage: accountStorage, clock: environment.clock, logger: environment.logger)
    }

    /// Creates an application for a tenant subdomain: the authority is
    /// `https://{tenantSubdomain}.ciamlogin.com/{tenantSubdomain}.onmicrosoft.com`.
    ///
    /// - Parameters:
    ///   - clientId: The application (client) ID of the app registration.
    ///   - tenantSubdomain: The first label of the tenant's domain, such as `contoso`.
    ///   - challengeTypes: The sign-in methods the app offers (`redirect` is always added).
    ///   - redirectUri: The redirect URI registered for the browser fallback, if any (MSAL's
    ///     `init(clientId:tenantSubdomain:challengeTypes:redirectUri:)`).
    ///   - capabilities: Extra flows the app can run; sent when a flow starts.
    ///   - transport: How requests are sent; the platform's default when nil.
    ///   - tokenStore: Where accounts and tokens are kept; in memory by default.
    ///   - logger: Where the library logs (never passwords, codes or tokens); silent by default.
    ///   - retryPolicy: When requests are retried by themselves.
    ///   - clock: The time source for token expiry and for waiting.
    ///   - api: The version of the native-authentication API to speak (``NativeAuthAPI/v1`` by default).
    /// - Throws: ``NativeAuthConfigurationError`` when the configuration cannot work.
    public convenience init(
        clientId: String, tenantSubdomain: String, challengeTypes: NativeAuthChallengeTypes, redirectUri: String? = nil,
        capabilities: NativeAuthCapabilities = [], transport: (any HTTPTransport)? = nil,
        tokenStore: (any NativeAuthTokenStore)? = nil, logger: Logger? = nil,
        retryPolicy: RetryPolicy = .default, clock: any NativeAuthClock = SystemClock(), api: NativeAuthAPI = .v1
    ) throws {
        let config = try NativeAuthPublicClientApplicationConfig(
            clientId: clientId, tenantSubdomain: tenantSubdomain, challengeTypes: challengeTypes)
        config.apply(redirectUri: redirectUri, capabilities: capabilities, transport: transport, tokenStore: tokenStore,
                     logger: logger, retryPolicy: retryPolicy, clock: clock, api: api)
        try self.init(nativeAuthConfiguration: config)
    }

    /// Creates an application for any authority URL (a custom domain, a tenant ID, a local emulator).
    /// Endpoints are appended to its path. `http://` is accepted for loopback hosts only. The other
    /// parameters are those of ``init(clientId:tenantSubdomain:challengeTypes:redirectUri:capabilities:transport:tokenStore:logger:retryPolicy:clock:api:)``.
    ///
    /// - Throws: ``NativeAuthConfigurationError`` when the configuration cannot work.
    public convenience init(
        clientId: String, authority: URL, challengeTypes: NativeAuthChallengeTypes, redirectUri: String? = nil,
        capabilities: NativeAuthCapabilities = [], transport: (any HTTPTransport)? = nil,
        tokenStore: (any NativeAuthTokenStore)? = nil, logger: Logger? = nil,
        retryPolicy: RetryPolicy = .default, clock: any NativeAuthClock = SystemClock(), api: NativeAuthAPI = .v1
    ) throws {
        let config = try NativeAuthPublicClientApplicationConfig(
            clientId: clientId, authority: authority, challengeTypes: challengeTypes)
        config.apply(redirectUri: redirectUri, capabilities: capabilities, transport: transport, tokenStore: tokenStore,
                     logger: logger, retryPolicy: retryPolicy, clock: clock, api: api)
        try self.init(nativeAuthConfiguration: config)
    }
}

extension NativeAuthPublicClientApplication {
    /// The platform's default transport, trusting `caFile` (which must be readable) when given.
    private static func defaultTransport(caFile: String?) throws(NativeAuthConfigurationError) -> any HTTPTransport {
        guard let caFile else { return HTTPTransports.makeDefault() }
        guard FileManager.default.isReadableFile(atPath: caFile) else {
            throw NativeAuthConfigurationError("The CA file '\(caFile)' cannot be read: give a PEM file of CA certificates.")
        }
        return HTTPTransports.makeDefault(maximumResponseBodySize: HTTPTransports.defaultMaximumResponseBodySize, caFile: caFile)
    }
}

extension NativeAuthPublicClientApplicationConfig {
    /// Sets the seams the convenience initializers take as arguments.
    fileprivate func apply(
        redirectUri: String?, capabilities: NativeAuthCapabilities, transport: (any HTTPTransport)?,
        tokenStore: (any NativeAuthTokenStore)?, logger: Logger?, retryPolicy: RetryPolicy, clock: any NativeAuthClock, api: NativeAuthAPI
    ) {
        self.redirectUri = redirectUri
        self.capabilities = capabilities
        self.transport = transport
        self.tokenStore = tokenStore
        self.logger = logger
        self.retryPolicy = retryPolicy
        self.clock = clock
        self.api = api
    }
}
