/// Sign-up (docs/PROTOCOL.md §7): a new account, verified by an email code.
extension NativeAuthPublicClientApplication {
    /// Starts a sign-up: the server sends a code to verify the new user's address (or refuses: the
    /// address has an account, the password or attributes given are not acceptable, a browser is
    /// required).
    ///
    /// ```swift
    /// let parameters = NativeAuthSignUpParameters(username: "carol@example.com")
    /// parameters.attributes = ["displayName": "Carol"]
    /// guard case .codeRequired(let state, let sentTo, _, _) = await app.signUp(parameters: parameters) else { return }
    /// print("Enter the code sent to \(sentTo)")
    /// switch await state.submitCode(code: readLine() ?? "") {
    /// case .completed(let signIn): _ = await signIn.signIn(parameters: NativeAuthSignInAfterSignUpParameters())
    /// case .passwordRequired(let next): _ = await next.submitPassword(password: "…")
    /// case .attributesRequired(let attributes, let next): _ = await next.submitAttributes(attributes: ["city": "Dublin"])
    /// case .error(let error, _): print(error.errorDescription ?? "")
    /// }
    /// ```
    ///
    /// - See Also: ``SignUpCodeRequiredState/submitCode(code:)``, ``SignUpPasswordRequiredState/submitPassword(password:)``,
    ///   ``SignUpAttributesRequiredState/submitAttributes(attributes:)``, ``SignInAfterSignUpState/signIn(parameters:)``
    public func signUp(parameters: NativeAuthSignUpParameters) async -> SignUpStartResult {
        await environment.signUp.start(parameters, environment: environment)
    }

    /// Starts a sign-up and reports the outcome to `delegate` on the main actor (see ``signUp(parameters:)``).
    ///
    /// ```swift
    /// let parameters = NativeAuthSignUpParameters(username: email)
    /// parameters.password = password
    /// nativeAuth.signUp(parameters: parameters, delegate: self)
    /// ```
    public func signUp(parameters: NativeAuthSignUpParameters, delegate: any SignUpStartDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.signUp(parameters: parameters) }
    }
}
