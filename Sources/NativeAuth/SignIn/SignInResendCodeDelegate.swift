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
            error: .notImplemented("onSignInResendCodeCodeRequired(newState:sentTo:channelTargetType:codeLength:)",
                                   correlationId: newState.correlationId),
            newState: nil)
    }
}

extension SignInResendCodeResult {
    @MainActor
    func deliver(to delegate: any SignInResendCodeDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignInResendCodeCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state):
            delegate.onSignInResendCodeError(error: error, newState: state)
        }
    }
}
