/// Receives the outcome of ``ResetPasswordCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol ResetPasswordVerifyCodeDelegate: AnyObject, Sendable {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onResetPasswordVerifyCodeError(error: VerifyCodeError, newState: ResetPasswordCodeRequiredState?)
    /// The code was right: submit the new password on `newState`.
    func onPasswordRequired(newState: ResetPasswordRequiredState)
}

extension ResetPasswordVerifyCodeDelegate {
    public func onPasswordRequired(newState: ResetPasswordRequiredState) {
        onResetPasswordVerifyCodeError(error: .notImplemented("onPasswordRequired(newState:)", correlationId: newState.correlationId),
                                       newState: nil)
    }
}

extension ResetPasswordVerifyCodeResult {
    @MainActor
    func deliver(to delegate: any ResetPasswordVerifyCodeDelegate) {
        switch self {
        case .passwordRequired(let state): delegate.onPasswordRequired(newState: state)
        case .error(let error, let state): delegate.onResetPasswordVerifyCodeError(error: error, newState: state)
        }
    }
}

extension ResetPasswordCodeRequiredState {
    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any ResetPasswordVerifyCodeDelegate) {
        DelegateDispatch.run({ await self.submitCode(code: code) }) { $0.deliver(to: delegate) }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any ResetPasswordResendCodeDelegate) {
        DelegateDispatch.run({ await self.resendCode() }) { $0.deliver(to: delegate) }
    }
}
