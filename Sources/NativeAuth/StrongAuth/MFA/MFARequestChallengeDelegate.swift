/// Receives the outcome of ``AwaitingMFAState/requestChallenge(authMethod:delegate:)`` and
/// ``MFARequiredState/requestChallenge(authMethod:delegate:)``, on the main actor.
@MainActor
public protocol MFARequestChallengeDelegate: AnyObject, Sendable {
    /// No code was sent; ask again on `newState` when it is not nil.
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?)
    /// A code was sent to `sentTo` (masked); submit it on `newState`.
    func onMFARequestChallengeVerificationRequired(newState: MFARequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension MFARequestChallengeDelegate {
    public func onMFARequestChallengeVerificationRequired(
        newState: MFARequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int
    ) {
        onMFARequestChallengeError(error: .notImplemented(
            "onMFARequestChallengeVerificationRequired(newState:sentTo:channelTargetType:codeLength:)", correlationId: newState.correlationId),
                                   newState: nil)
    }
}

extension MFARequestChallengeResult {
    @MainActor
    func deliver(to delegate: any MFARequestChallengeDelegate) {
        switch self {
        case .verificationRequired(let state, let sentTo, let channel, let length):
            delegate.onMFARequestChallengeVerificationRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state):
            delegate.onMFARequestChallengeError(error: error, newState: state)
        }
    }
}

extension AwaitingMFAState {
    /// Sends a code on `authMethod` and reports the outcome to `delegate` (see ``requestChallenge(authMethod:)``).
    public func requestChallenge(authMethod: AuthMethod, delegate: any MFARequestChallengeDelegate) {
        DelegateDispatch.run({ await self.requestChallenge(authMethod: authMethod) }) { $0.deliver(to: delegate) }
    }
}

extension MFARequiredState {
    /// Sends a new code on `authMethod` and reports the outcome to `delegate` (see ``requestChallenge(authMethod:)``).
    public func requestChallenge(authMethod: AuthMethod, delegate: any MFARequestChallengeDelegate) {
        DelegateDispatch.run({ await self.requestChallenge(authMethod: authMethod) }) { $0.deliver(to: delegate) }
    }
}
