#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension NativeAuthPublicClientApplication {
    /// Signs the user in through the browser: the standard web sign-in (authorization code with
    /// PKCE and a loopback redirect), which MSAL reaches through `acquireToken`. It is the way on when
    /// a native flow answers ``NativeAuthError/isBrowserRequired``.
    ///
    /// The app registration must list `http://localhost` as a "mobile and desktop" redirect URI (the
    /// port is chosen here and ignored by the service when matching). The result is the same account
    /// as a native sign-in's, stored in the same store: ``NativeAuthUserAccountResult/getAccessToken(parameters:)``,
    /// ``NativeAuthUserAccountResult/signOut()`` and ``getNativeAuthUserAccount(correlationId:)`` work the same.
    ///
    /// ```swift
    /// switch await app.signIn(parameters: NativeAuthSignInParameters(username: email)) {
    /// case .error(let error) where error.isBrowserRequired:
    ///     let parameters = NativeAuthInteractiveTokenParameters(fallback: error.browserFallback)
    ///     let result = try await app.acquireToken(parameters: parameters)
    ///     print("Signed in as \(result.account.username)")
    /// default: break
    /// }
    /// ```
    ///
    /// - Throws: ``InteractiveTokenError``: timed out, cancelled, a wrong `state`, the user cancelled
    ///   (`isAccessDenied`), a refused code or ID token, or no browser.
    /// - See Also: ``acquireTokenWithDeviceCode(parameters:)`` for machines without a browser.
    public func acquireToken(parameters: NativeAuthInteractiveTokenParameters) async throws(InteractiveTokenError) -> NativeAuthUserAccountResult {
        try await InteractiveSignInFlow.run(parameters, app: self).get()
    }

    /// Signs in through the browser like ``acquireToken(parameters:)`` and hands the outcome to
    /// `completion` on the main actor, as MSAL's `acquireToken(with:completionBlock:)`.
    public func acquireToken(
        parameters: NativeAuthInteractiveTokenParameters,
        completion: @escaping @MainActor @Sendable (Result<NativeAuthUserAccountResult, InteractiveTokenError>) -> Void
    ) {
        DelegateDispatch.run({ await InteractiveSignInFlow.run(parameters, app: self) }, deliver: completion)
    }
}
