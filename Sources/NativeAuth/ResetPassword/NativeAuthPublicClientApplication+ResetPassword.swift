/// Self-service password reset (docs/PROTOCOL.md §8): for accounts that sign in with email and
/// password, when the tenant has enabled it.
extension NativeAuthPublicClientApplication {
    /// Starts a password reset: the server sends a code to the account's address (or refuses: no
    /// such account, an account without a password, a browser is required).
    ///
    /// ```swift
    /// let parameters = NativeAuthResetPasswordParameters(username: "bob@example.com")
    /// guard case .codeRequired(let state, let sentTo, _, _) = await app.resetPassword(parameters: parameters) else { return }
    /// print("Enter the code sent to \(sentTo)")
    /// guard case .passwordRequired(let passwordState) = await state.submitCode(code: readLine() ?? "") else { return }
    /// switch await passwordState.submitPassword(password: "N3w-Passw0rd!") {   // waits while the server completes it
    /// case .completed(let reset): _ = await reset.signIn(parameters: NativeAuthSignInAfterResetPasswordParameters())
    /// case .error(let error, _): print(error.serverSubError ?? "", error.errorDescription ?? "")  // password_too_weak, …
    /// }
    /// ```
    ///
    /// - See Also: ``ResetPasswordCodeRequiredState/submitCode(code:)``, ``ResetPasswordRequiredState/submitPassword(password:)``,
    ///   ``SignInAfterResetPasswordState/signIn(parameters:)``
    public func resetPassword(parameters: NativeAuthResetPasswordParameters) async -> ResetPasswordStartResult {
        await environment.resetPassword.start(parameters, environment: environment)
    }

    /// Starts a password reset and reports the outcome to `delegate` on the main actor (see
    /// ``resetPassword(parameters:)``).
    ///
    /// ```swift
    /// let parameters = NativeAuthResetPasswordParameters(username: email)
    /// nativeAuth.resetPassword(parameters: parameters, delegate: self)
    /// ```
    public func resetPassword(parameters: NativeAuthResetPasswordParameters, delegate: any ResetPasswordStartDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.resetPassword(parameters: parameters) }
    }
}
