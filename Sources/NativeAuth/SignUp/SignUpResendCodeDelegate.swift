/// Receives the outcome of ``SignUpCodeRequiredState/resendCode(delegate:)``, on the main actor.
@MainActor
public protocol SignUpResendCodeDelegate: AnyObject, Sendable {
    /// No new code was sent; go on with `newState` when it is not nil.
    func onSignUpResendCodeError(error: ResendCodeError, newState: SignUpCodeRequiredState?)
    /// A new code was sent; submit it on `newState`.
    func onSignUpResendCodeCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension SignUpResendCodeDelegate {
    public func onSignUpResendCodeCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        onSignUpResendCodeError(
            error: .notImplemented("onSignUpResendCodeCodeRequired(newState:sentTo:channelTargetType:codeLength:)",
                                   correlationId: newState.correlationId),
            newState: nil)
    }
}

extension SignUpResendCodeResult {
    @MainActor
    func deliver(to delegate: any SignUpResendCodeDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignUpResendCodeCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state):
            delegate.onSignUpResendCodeError(error: error, newState: state)
        }
    }
}
