/// The callback of every delegate whose step can sign the user in: ``SignInStartDelegate``,
/// ``SignInVerifyCodeDelegate``, ``SignInPasswordRequiredDelegate``, ``SignInAfterSignUpDelegate``,
/// ``SignInAfterResetPasswordDelegate``, ``MFASubmitChallengeDelegate``,
/// ``RegisterStrongAuthChallengeDelegate`` and ``RegisterStrongAuthSubmitChallengeDelegate``.
///
/// It is optional, as in MSAL: when the flow signs the user in and the delegate does not implement
/// it, the calling delegate's error callback hears a "delegate method not implemented" error. It is
/// declared once, here, so that a type adopting several of these delegates has one default, and
/// compiles whether or not it implements the callback (as MSAL's `@objc optional` method does).
///
/// ```swift
/// extension SignInViewController: SignInStartDelegate, SignInVerifyCodeDelegate {
///     func onSignInStartError(error: SignInStartError) { show(error) }
///     func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) { show(error) }
///     func onSignInCompleted(result: NativeAuthUserAccountResult) { accountResult = result }
/// }
/// ```
@MainActor
public protocol SignInCompletedDelegate: AnyObject, Sendable {
    /// Signed in: `result` holds the account and its tokens.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInCompletedDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) { DelegateDefault.reached(#function) }
}
