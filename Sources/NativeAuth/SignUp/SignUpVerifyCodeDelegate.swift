/// Receives the outcome of ``SignUpCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol SignUpVerifyCodeDelegate: AnyObject, Sendable {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?)
    /// The server asks for these attributes; submit them on `newState`.
    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The account needs a password; submit it on `newState`.
    func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState)
    /// The account was created; sign in on `newState`.
    func onSignUpCompleted(newState: SignInAfterSignUpState)
}

extension SignUpVerifyCodeDelegate {
    public func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        onSignUpVerifyCodeError(error: .notImplemented("onSignUpAttributesRequired(attributes:newState:)", correlationId: newState.correlationId),
                                newState: nil)
    }

    public func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState) {
        onSignUpVerifyCodeError(error: .notImplemented("onSignUpPasswordRequired(newState:)", correlationId: newState.correlationId),
                                newState: nil)
    }

    public func onSignUpCompleted(newState: SignInAfterSignUpState) {
        onSignUpVerifyCodeError(error: .notImplemented("onSignUpCompleted(newState:)", correlationId: newState.correlationId), newState: nil)
    }
}

extension SignUpVerifyCodeResult {
    @MainActor
    func deliver(to delegate: any SignUpVerifyCodeDelegate) {
        switch self {
        case .completed(let state): delegate.onSignUpCompleted(newState: state)
        case .passwordRequired(let state): delegate.onSignUpPasswordRequired(newState: state)
        case .attributesRequired(let attributes, let state): delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .error(let error, let state): delegate.onSignUpVerifyCodeError(error: error, newState: state)
        }
    }
}

extension SignUpCodeRequiredState {
    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any SignUpVerifyCodeDelegate) {
        DelegateDispatch.run({ await self.submitCode(code: code) }) { $0.deliver(to: delegate) }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any SignUpResendCodeDelegate) {
        DelegateDispatch.run({ await self.resendCode() }) { $0.deliver(to: delegate) }
    }
}
