/// Receives the outcome of ``NativeAuthPublicClientApplication/signIn(parameters:delegate:)``, on the main actor.
///
/// Only ``onSignInStartError(error:)`` is required. A callback the flow reaches but the delegate does
/// not implement is reported through the error callback as a "delegate method not implemented" error.
@MainActor
public protocol SignInStartDelegate: SignInStrongAuthDelegate {
    /// The sign-in could not start.
    func onSignInStartError(error: SignInStartError)
    /// A code was sent to `sentTo`; submit it on `newState`.
    func onSignInCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The account signs in with a password; submit it on `newState`.
    func onSignInPasswordRequired(newState: SignInPasswordRequiredState)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension SignInStartDelegate {
    public func onSignInCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        onSignInStartError(error: .notImplemented(
            "onSignInCodeRequired(newState:sentTo:channelTargetType:codeLength:)", correlationId: newState.correlationId))
    }

    public func onSignInPasswordRequired(newState: SignInPasswordRequiredState) {
        onSignInStartError(error: .notImplemented("onSignInPasswordRequired(newState:)", correlationId: newState.correlationId))
    }

    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onSignInStartError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil))
    }
}

extension SignInStartResult {
    @MainActor
    func deliver(to delegate: any SignInStartDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignInCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .passwordRequired(let state):
            delegate.onSignInPasswordRequired(newState: state)
        case .completed(let result):
            delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state):
            delegate.deliverAwaitingMFA(methods, state) { delegate.onSignInStartError(error: .notImplemented($0, correlationId: state.correlationId)) }
        case .strongAuthMethodRegistration(let methods, let state):
            delegate.deliverRegistration(methods, state) { delegate.onSignInStartError(error: .notImplemented($0, correlationId: state.correlationId)) }
        case .error(let error):
            delegate.onSignInStartError(error: error)
        }
    }
}
