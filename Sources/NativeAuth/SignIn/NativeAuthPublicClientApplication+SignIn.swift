/// Sign-in (docs/PROTOCOL.md §6): with an email code or a password, and the second factor the
/// server may ask for.
extension NativeAuthPublicClientApplication {
    /// Starts a sign-in: the server answers with a code sent to the user, a request for the password,
    /// or (when a password was given and accepted) a signed-in account.
    ///
    /// - See Also: ``SignInCodeRequiredState/submitCode(code:)``, ``SignInPasswordRequiredState/submitPassword(password:)``
    public func signIn(parameters: NativeAuthSignInParameters) async -> SignInStartResult {
        await environment.signIn.start(parameters, environment: environment)
    }

    /// Starts a sign-in and reports the outcome to `delegate` on the main actor (see ``signIn(parameters:)``).
    ///
    /// ```swift
    /// let parameters = NativeAuthSignInParameters(username: email)
    /// nativeAuth.signIn(parameters: parameters, delegate: self)
    /// ```
    public func signIn(parameters: NativeAuthSignInParameters, delegate: any SignInStartDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.signIn(parameters: parameters) }
    }
}
