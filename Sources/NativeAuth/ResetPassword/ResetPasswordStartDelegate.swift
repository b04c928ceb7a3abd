/// Receives the outcome of ``NativeAuthPublicClientApplication/resetPassword(parameters:delegate:)``, on the main actor.
///
/// Only ``onResetPasswordStartError(error:)`` is required. A callback the flow reaches but the
/// delegate does not implement is reported through the error callback as a "delegate method not
/// implemented" error.
@MainActor
public protocol ResetPasswordStartDelegate: AnyObject, Sendable {
    /// The password reset could not start.
    func onResetPasswordStartError(error: ResetPasswordStartError)
    /// A code was sent to `sentTo`; submit it on `newState`.
    func onResetPasswordCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                     channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension ResetPasswordStartDelegate {
    public func onResetPasswordCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                            channelTargetType: NativeAuthChannelType, codeLength: Int) {
        onResetPasswordStartError(error: .notImplemented(
            "onResetPasswordCodeRequired(newState:sentTo:channelTargetType:codeLength:)", correlationId: newState.correlationId))
    }
}

extension ResetPasswordStartResult {
    @MainActor
    func deliver(to delegate: any ResetPasswordStartDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onResetPasswordCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error):
            delegate.onResetPasswordStartError(error: error)
        }
    }
}
