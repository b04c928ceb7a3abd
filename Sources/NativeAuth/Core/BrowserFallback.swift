/// What a browser sign-in needs when native sign-in answers "browser required": why, who, and for
/// which scopes. Carried by every ``NativeAuthError/isBrowserRequired`` error of a flow.
///
/// ```swift
/// case .error(let error) where error.isBrowserRequired:
///     let parameters = NativeAuthInteractiveTokenParameters(fallback: error.browserFallback)
///     let result = try await app.acquireToken(parameters: parameters)
/// ```
public struct BrowserFallback: Sendable, Equatable {
    /// The server's `redirect_reason`, or the library's sentence saying why.
    public let reason: String
    /// The username the native flow was for: the `login_hint` of the browser sign-in.
    public let loginHint: String?
    /// The API scopes the native flow asked for (without `openid profile offline_access`).
    public let scopes: [String]

    /// Creates a fallback description (tests, and apps that build one by hand).
    public init(reason: String, loginHint: String?, scopes: [String]) {
        self.reason = reason
        self.loginHint = loginHint
        self.scopes = scopes
    }

    init(reason: String, username: String, scopes: [String]) {
        let resource = RequestedScopes.resource(scopes)
        self.init(reason: reason, loginHint: username.isEmpty ? nil : username,
                  scopes: scopes.filter { resource.contains($0) })
    }
}

extension NativeAuthError {
    /// What the browser sign-in needs (reason, login hint, scopes) when ``isBrowserRequired`` is true
    /// for a native flow; nil otherwise.
    public var browserFallback: BrowserFallback? { details.browserFallback }
}
