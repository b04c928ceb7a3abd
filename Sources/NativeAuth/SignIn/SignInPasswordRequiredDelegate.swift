/// Receives the outcome of ``SignInPasswordRequiredState/submitPassword(password:delegate:)``, on the main actor.
@MainActor
public protocol SignInPasswordRequiredDelegate: SignInStrongAuthDelegate {
    /// The password was not accepted; retry on `newState` when it is not nil.
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInPasswordRequiredDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onSignInPasswordRequiredError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil), newState: nil)
    }
}

extension SignInPasswordRequiredResult {
    @MainActor
    func deliver(to delegate: any SignInPasswordRequiredDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state):
            delegate.deliverAwaitingMFA(methods, state) { delegate.onSignInPasswordRequiredError(error: .notImplemented($0, correlationId: state.correlationId), newState: nil) }
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.deliverRegistration(methods, state) { delegate.onSignInPasswordRequiredError(error: .notImplemented($0, correlationId: state.correlationId), newState: nil) }
        case .error(let error, let state): delegate.onSignInPasswordRequiredError(error: error, newState: state)
        }
    }
}

extension SignInPasswordRequiredState {
    /// Submits the password and reports the outcome to `delegate` (see ``submitPassword(password:)``).
    public func submitPassword(password: String, delegate: any SignInPasswordRequiredDelegate) {
        DelegateDispatch.run({ await self.submitPassword(password: password) }) { $0.deliver(to: delegate) }
    }
}
