#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging

/// The configuration of a ``NativeAuthPublicClientApplication``, in MSAL's current form.
///
/// ```swift
/// let config = try NativeAuthPublicClientApplicationConfig(
///     clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso",
///     challengeTypes: [.OOB, .password])
/// config.tokenStore = try FileTokenStore(directory: FileTokenStore.defaultDirectory())
/// let app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
/// ```
///
/// The initializers check what they are given and throw ``NativeAuthConfigurationError`` when it
/// cannot work. Besides MSAL's properties it holds this library's seams: the transport, the token
/// store, the logger, the retry policy and the clock.
public final class NativeAuthPublicClientApplicationConfig: Sendable {
    /// The application (client) ID of the app registration.
    public let clientId: String
    /// The authority every endpoint is appended to (a short `https://sub.ciamlogin.com` has become
    /// `https://sub.ciamlogin.com/sub.onmicrosoft.com`).
    public let authority: URL
    /// The sign-in methods the app offers (`redirect` is always sent as well).
    public let challengeTypes: NativeAuthChallengeTypes

    struct Values: Sendable {
        var capabilities: NativeAuthCapabilities = []
        var redirectUri: String?
        var transport: (any HTTPTransport)?
        var tokenStore: (any NativeAuthTokenStore)?
        var logger: Logger?
        var retryPolicy: RetryPolicy = .default
        var clock: any NativeAuthClock = SystemClock()
        var storageAuthority: String?
        var keepsSeveralAccounts = false
        var caFile: String?
        var api: NativeAuthAPI = .v1
        var requestInterceptor: (any NativeAuthRequestInterceptor)?
    }

    private let values = LockedValues(Values())

    /// A configuration for a tenant subdomain: the authority is
    /// `https://{tenantSubdomain}.ciamlogin.com/{tenantSubdomain}.onmicrosoft.com`.
    ///
    /// - Throws: ``NativeAuthConfigurationError`` for a client ID, subdomain or challenge types that cannot work.
    public convenience init(clientId: String, tenantSubdomain: String, challengeTypes: NativeAuthChallengeTypes) throws {
        try self.init(clientId: clientId, authority: AuthorityValidation.authority(tenantSubdomain: tenantSubdomain),
                      challengeTypes: challengeTypes)
    }

    /// A configuration for any authority URL (a custom domain, a tenant ID, a local emulator). Endpoints
    /// are appended to its path; `http://` is accepted for loopback hosts only.
    ///
    /// - Throws: ``NativeAuthConfigurationError`` for a client ID, authority or challenge types that cannot work.
    public init(clientId: String, authority: URL, challengeTypes: NativeAuthChallengeTypes) throws {
        guard !challengeTypes.isEmpty else {
            throw NativeAuthConfigurationError("Give at least one challenge type: .OOB (email code), .password, or both.")
        }
        self.clientId = try AuthorityValidation.validate(clientId: clientId)
        self.authority = try AuthorityValidation.validate(authority: authority)
        self.challengeTypes = challengeTypes
    }

    /// Extra flows the app can run, sent when a flow starts: with ``NativeAuthCapabilities/mfaRequired``
    /// a sign-in that needs a second factor answers `awaitingMFA`, with
    /// ``NativeAuthCapabilities/registrationRequired`` one that needs a method registered first answers
    /// `strongAuthMethodRegistration` (<doc:SecondFactor>). Without them, such a sign-in ends in
    /// ``NativeAuthError/isBrowserRequired``.
    public var capabilities: NativeAuthCapabilities {
        get { values[\.capabilities] }
        set { values[\.capabilities] = newValue }
    }

    /// The redirect URI registered for the browser fallback, if the app has one.
    public var redirectUri: String? {
        get { values[\.redirectUri] }
        set { values[\.redirectUri] = newValue }
    }

    /// How requests are sent; the platform's default transport when nil.
    public var transport: (any HTTPTransport)? {
        get { values[\.transport] }
        set { values[\.transport] = newValue }
    }

    /// Where accounts and tokens are kept; in memory when nil.
    public var tokenStore: (any NativeAuthTokenStore)? {
        get { values[\.tokenStore] }
        set { values[\.tokenStore] = newValue }
    }

    /// Where the library logs (never passwords, codes or tokens); silent when nil.
    public var logger: Logger? {
        get { values[\.logger] }
        set { values[\.logger] = newValue }
    }

    /// When requests are retried by themselves.
    public var retryPolicy: RetryPolicy {
        get { values[\.retryPolicy] }
        set { values[\.retryPolicy] = newValue }
    }

    /// The time source: token expiry, and the waits of retries and polls.
    public var clock: any NativeAuthClock {
        get { values[\.clock] }
        set { values[\.clock] = newValue }
    }

    /// The key accounts are stored under in the token store, instead of the authority. Set it when one
    /// tenant is reached at changing URLs, such as a local emulator on an ephemeral port.
    public var storageAuthority: String? {
        get { values[\.storageAuthority] }
        set { values[\.storageAuthority] = newValue }
    }

    /// Whether a sign-in keeps the accounts that signed in to this application before (false: it
    /// replaces them, one account per application). When true, as in a command-line tool that keeps
    /// several accounts per place, a new sign-in replaces only the same account, and the current
    /// account is the one that signed in, or was made active (``NativeAuthAccountStore/activate(_:at:)``),
    /// last; ``NativeAuthPublicClientApplication/accounts()`` lists them all.
    ///
    /// ```swift
    /// config.keepsSeveralAccounts = true
    /// let app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
    /// for account in try app.accounts() { print(account.account.username) }
    /// ```
    public var keepsSeveralAccounts: Bool {
        get { values[\.keepsSeveralAccounts] }
        set { values[\.keepsSeveralAccounts] = newValue }
    }

    /// A PEM file of CA certificates the default transport trusts instead of the system's, for a server
    /// whose certificate a private CA signed (such as `nativeauth emulator --tls`, whose CA is
    /// `tls/ca.pem` in its state folder). Ignored when ``transport`` is set. The application's
    /// initializer throws ``NativeAuthConfigurationError`` when the file cannot be read.
    public var caFile: String? {
        get { values[\.caFile] }
        set { values[\.caFile] = newValue }
    }

    /// Which version of the native-authentication API the library speaks: ``NativeAuthAPI/v1`` (the
    /// default) or the preview's ``NativeAuthAPI/v2``. The app's code is the same for both.
    ///
    /// ```swift
    /// config.api = .v2
    /// ```
    public var api: NativeAuthAPI {
        get { values[\.api] }
        set { values[\.api] = newValue }
    }

    /// Adds the app's own `x-` headers to every request to the authority (MSAL's `requestInterceptor`;
    /// the rules are ``NativeAuthRequestInterceptorRules``). None when nil.
    public var requestInterceptor: (any NativeAuthRequestInterceptor)? {
        get { values[\.requestInterceptor] }
        set { values[\.requestInterceptor] = newValue }
    }

    /// All values at once, consistent with each other.
    var snapshot: Values { values.snapshot }
}
