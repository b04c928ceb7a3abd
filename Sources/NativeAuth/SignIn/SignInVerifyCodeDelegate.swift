/// Receives the outcome of ``SignInCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol SignInVerifyCodeDelegate: SignInStrongAuthDelegate {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInVerifyCodeDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onSignInVerifyCodeError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil), newState: nil)
    }
}

extension SignInVerifyCodeResult {
    @MainActor
    func deliver(to delegate: any SignInVerifyCodeDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state):
            delegate.deliverAwaitingMFA(methods, state) { delegate.onSignInVerifyCodeError(error: .notImplemented($0, correlationId: state.correlationId), newState: nil) }
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.deliverRegistration(methods, state) { delegate.onSignInVerifyCodeError(error: .notImplemented($0, correlationId: state.correlationId), newState: nil) }
        case .error(let error, let state): delegate.onSignInVerifyCodeError(error: error, newState: state)
        }
    }
}

extension SignInCodeRequiredState {
    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any SignInVerifyCodeDelegate) {
        DelegateDispatch.run({ await self.submitCode(code: code) }) { $0.deliver(to: delegate) }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any SignInResendCodeDelegate) {
        DelegateDispatch.run({ await self.resendCode() }) { $0.deliver(to: delegate) }
    }
}
