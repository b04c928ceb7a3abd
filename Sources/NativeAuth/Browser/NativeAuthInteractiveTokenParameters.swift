#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``NativeAuthPublicClientApplication/acquireToken(parameters:)`` needs for a sign-in in the
/// browser, as MSAL's `MSALInteractiveTokenParameters`.
///
/// ```swift
/// let parameters = NativeAuthInteractiveTokenParameters(scopes: ["api://contoso/Data.Read"])
/// parameters.loginHint = "user@example.com"
/// parameters.promptType = .login
/// ```
public final class NativeAuthInteractiveTokenParameters: Sendable {
    struct Values: Sendable {
        var scopes: [String]
        var loginHint: String?
        var promptType: NativeAuthPromptType = .promptIfNecessary
        var browserOpener: any BrowserOpener = SystemBrowserOpener()
        var showURL: (@Sendable (URL) -> Void)?
        var timeout: Duration = .seconds(300)
        var correlationId: UUID?
    }

    private let values: LockedValues<Values>

    /// Creates parameters for the API `scopes` (`openid profile offline_access` are always added).
    public init(scopes: [String] = []) {
        values = LockedValues(Values(scopes: scopes))
    }

    /// Parameters for the browser sign-in a native flow fell back to: its username as the login
    /// hint and its scopes. Nil gives empty parameters.
    public convenience init(fallback: BrowserFallback?) {
        self.init(scopes: fallback?.scopes ?? [])
        loginHint = fallback?.loginHint
    }

    /// Scopes of one API to request beyond `openid profile offline_access` (always requested).
    public var scopes: [String] {
        get { values[\.scopes] }
        set { values[\.scopes] = newValue }
    }

    /// The username to fill in on the sign-in page (`login_hint`).
    public var loginHint: String? {
        get { values[\.loginHint] }
        set { values[\.loginHint] = newValue }
    }

    /// How the page treats the user (`prompt`); ask only if needed by default.
    public var promptType: NativeAuthPromptType {
        get { values[\.promptType] }
        set { values[\.promptType] = newValue }
    }

    /// Who shows the sign-in page; ``SystemBrowserOpener`` by default.
    public var browserOpener: any BrowserOpener {
        get { values[\.browserOpener] }
        set { values[\.browserOpener] = newValue }
    }

    /// Called with the sign-in URL when ``browserOpener`` could not open it, so the app shows it (a
    /// terminal prints it); the sign-in then waits as usual. Nil: such a sign-in fails with
    /// ``InteractiveTokenError/isBrowserUnavailable``.
    public var showURL: (@Sendable (URL) -> Void)? {
        get { values[\.showURL] }
        set { values[\.showURL] = newValue }
    }

    /// How long to wait for the browser to come back, from 1 second to 1 hour (5 minutes by default).
    public var timeout: Duration {
        get { values[\.timeout] }
        set { values[\.timeout] = newValue }
    }

    /// The correlation ID of the sign-in; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }

    /// All values at once, consistent with each other.
    var snapshot: Values { values.snapshot }
}
