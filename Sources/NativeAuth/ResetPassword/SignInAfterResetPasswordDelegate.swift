/// Receives the outcome of ``SignInAfterResetPasswordState/signIn(parameters:delegate:)``, on the main actor.
@MainActor
public protocol SignInAfterResetPasswordDelegate: SignInStrongAuthDelegate {
    /// The user was not signed in (the password was reset: a standalone sign-in can still work).
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInAfterResetPasswordDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onSignInAfterResetPasswordError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil))
    }
}

extension SignInAfterResetPasswordResult {
    @MainActor
    func deliver(to delegate: any SignInAfterResetPasswordDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state):
            delegate.deliverAwaitingMFA(methods, state) { delegate.onSignInAfterResetPasswordError(error: .notImplemented($0, correlationId: state.correlationId)) }
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.deliverRegistration(methods, state) { delegate.onSignInAfterResetPasswordError(error: .notImplemented($0, correlationId: state.correlationId)) }
        case .error(let error, _): delegate.onSignInAfterResetPasswordError(error: error)
        }
    }
}

extension SignInAfterResetPasswordState {
    /// Signs the user in and reports the outcome to `delegate` (see ``signIn(parameters:)``).
    public func signIn(parameters: NativeAuthSignInAfterResetPasswordParameters, delegate: any SignInAfterResetPasswordDelegate) {
        DelegateDispatch.run({ await self.signIn(parameters: parameters) }) { $0.deliver(to: delegate) }
    }
}
