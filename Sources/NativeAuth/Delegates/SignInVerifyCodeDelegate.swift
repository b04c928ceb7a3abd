/// Receives the outcome of ``SignInCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol SignInVerifyCodeDelegate: AnyObject, Sendable {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInVerifyCodeDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onSignInVerifyCodeError(
            error: VerifyCodeError(DelegateDispatch.notImplemented("onSignInCompleted(result:)", correlationId: nil)),
            newState: nil)
    }
}

extension SignInCodeRequiredState {
    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any SignInVerifyCodeDelegate) {
        Task { @MainActor in
            switch await self.submitCode(code: code) {
            case .completed(let result): delegate.onSignInCompleted(result: result)
            case .error(let error, let state): delegate.onSignInVerifyCodeError(error: error, newState: state)
            }
        }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any SignInResendCodeDelegate) {
        Task { @MainActor in
            switch await self.resendCode() {
            case .codeRequired(let state, let sentTo, let channel, let length):
                delegate.onSignInResendCodeCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
            case .error(let error, let state):
                delegate.onSignInResendCodeError(error: error, newState: state)
            }
        }
    }
}
