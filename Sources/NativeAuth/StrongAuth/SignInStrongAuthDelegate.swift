/// The two strong-authentication callbacks every sign-in delegate has (``SignInStartDelegate``,
/// ``SignInPasswordRequiredDelegate``, ``SignInVerifyCodeDelegate``, ``SignInAfterSignUpDelegate``,
/// ``SignInAfterResetPasswordDelegate``): any `/token` call of a sign-in can end in them, when the
/// app advertised the capabilities (``NativeAuthCapabilities``).
///
/// Both are optional: one that the flow reaches but the delegate does not implement is reported
/// through the calling delegate's error callback as a "delegate method not implemented" error.
/// They are declared once, here, so that a type conforming to several sign-in delegates has one
/// implementation of each.
///
/// ```swift
/// extension SignInViewController: SignInStartDelegate {
///     func onSignInStartError(error: SignInStartError) { show(error) }
///     func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) {
///         newState.requestChallenge(authMethod: authMethods[0], delegate: self)
///     }
/// }
/// ```
@MainActor
public protocol SignInStrongAuthDelegate: SignInCompletedDelegate {
    /// The server wants a second factor: choose one of `authMethods` and request its code on `newState`.
    func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one on `newState`.
    func onSignInStrongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
}

extension SignInStrongAuthDelegate {
    public func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) {
        DelegateDefault.reached(#function, newState.correlationId)
    }

    public func onSignInStrongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}
