/// The two callbacks shared by the delegates of a sign-up's steps after its start
/// (``SignUpVerifyCodeDelegate``, ``SignUpPasswordRequiredDelegate``,
/// ``SignUpAttributesRequiredDelegate``): each of those steps can end in the server asking for
/// attributes, or in the account being created.
///
/// Both are optional, as in MSAL: one that the flow reaches but the delegate does not implement is
/// reported through the calling delegate's error callback as a "delegate method not implemented"
/// error. They are declared once, here, so that a type adopting several of these delegates has one
/// default of each, and compiles whether or not it implements them (as MSAL's `@objc optional`
/// methods do).
///
/// ```swift
/// extension SignUpViewController: SignUpVerifyCodeDelegate, SignUpPasswordRequiredDelegate {
///     func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) { show(error) }
///     func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?) { show(error) }
///     func onSignUpCompleted(newState: SignInAfterSignUpState) { newState.signIn(parameters: .init(), delegate: self) }
/// }
/// ```
@MainActor
public protocol SignUpContinuationDelegate: AnyObject, Sendable {
    /// The server asks for (more) attributes; submit them on `newState`.
    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The account was created; sign in on `newState`.
    func onSignUpCompleted(newState: SignInAfterSignUpState)
}

extension SignUpContinuationDelegate {
    public func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        DelegateDefault.reached(#function, newState.correlationId)
    }

    public func onSignUpCompleted(newState: SignInAfterSignUpState) { DelegateDefault.reached(#function, newState.correlationId) }
}
