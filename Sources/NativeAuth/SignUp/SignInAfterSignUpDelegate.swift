/// Receives the outcome of ``SignInAfterSignUpState/signIn(parameters:delegate:)``, on the main actor.
@MainActor
public protocol SignInAfterSignUpDelegate: SignInStrongAuthDelegate {
    /// The new user was not signed in (the account exists: a standalone sign-in can still work).
    func onSignInAfterSignUpError(error: SignInAfterSignUpError)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInAfterSignUpDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onSignInAfterSignUpError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil))
    }
}

extension SignInAfterSignUpResult {
    @MainActor
    func deliver(to delegate: any SignInAfterSignUpDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state):
            delegate.deliverAwaitingMFA(methods, state) { delegate.onSignInAfterSignUpError(error: .notImplemented($0, correlationId: state.correlationId)) }
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.deliverRegistration(methods, state) { delegate.onSignInAfterSignUpError(error: .notImplemented($0, correlationId: state.correlationId)) }
        case .error(let error, _): delegate.onSignInAfterSignUpError(error: error)
        }
    }
}

extension SignInAfterSignUpState {
    /// Signs the new user in and reports the outcome to `delegate` (see ``signIn(parameters:)``).
    public func signIn(parameters: NativeAuthSignInAfterSignUpParameters, delegate: any SignInAfterSignUpDelegate) {
        DelegateDispatch.run({ await self.signIn(parameters: parameters) }) { $0.deliver(to: delegate) }
    }
}
