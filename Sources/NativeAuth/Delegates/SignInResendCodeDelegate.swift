/// Receives the outcome of ``SignInCodeRequiredState/resendCode(delegate:)``, on the main actor.
@MainActor
public protocol SignInResendCodeDelegate: AnyObject, Sendable {
    /// No new code was sent; go on with `newState` when it is not nil.
    func onSignInResendCodeError(error: ResendCodeError, newState: SignInCodeRequiredState?)
    /// A new code was sent; submit it on `newState`.
    func onSignInResendCodeCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension SignInResendCodeDelegate {
    public func onSignInResendCodeCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        onSignInResendCodeError(
            error: ResendCodeError(DelegateDispatch.notImplemented(
                "onSignInResendCodeCodeRequired(newState:sentTo:channelTargetType:codeLength:)", correlationId: newState.correlationId)),
            newState: nil)
    }
}
