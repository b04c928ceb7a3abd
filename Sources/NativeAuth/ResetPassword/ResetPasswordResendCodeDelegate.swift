/// Receives the outcome of ``ResetPasswordCodeRequiredState/resendCode(delegate:)``, on the main actor.
@MainActor
public protocol ResetPasswordResendCodeDelegate: AnyObject, Sendable {
    /// No new code was sent; go on with `newState` when it is not nil.
    func onResetPasswordResendCodeError(error: ResendCodeError, newState: ResetPasswordCodeRequiredState?)
    /// A new code was sent; submit it on `newState`.
    func onResetPasswordResendCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                           channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension ResetPasswordResendCodeDelegate {
    public func onResetPasswordResendCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                                  channelTargetType: NativeAuthChannelType, codeLength: Int) {
        onResetPasswordResendCodeError(
            error: .notImplemented("onResetPasswordResendCodeRequired(newState:sentTo:channelTargetType:codeLength:)",
                                   correlationId: newState.correlationId),
            newState: nil)
    }
}

extension ResetPasswordResendCodeResult {
    @MainActor
    func deliver(to delegate: any ResetPasswordResendCodeDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onResetPasswordResendCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state):
            delegate.onResetPasswordResendCodeError(error: error, newState: state)
        }
    }
}
