/// Receives the outcome of ``MFARequiredState/submitChallenge(challenge:delegate:)``, on the main actor.
@MainActor
public protocol MFASubmitChallengeDelegate: AnyObject, Sendable {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?)
    /// Signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension MFASubmitChallengeDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onMFASubmitChallengeError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil), newState: nil)
    }
}

extension MFASubmitChallengeResult {
    @MainActor
    func deliver(to delegate: any MFASubmitChallengeDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state): delegate.onMFASubmitChallengeError(error: error, newState: state)
        }
    }
}

extension MFARequiredState {
    /// Submits the code and reports the outcome to `delegate` (see ``submitChallenge(challenge:)``).
    public func submitChallenge(challenge: String, delegate: any MFASubmitChallengeDelegate) {
        DelegateDispatch.run({ await self.submitChallenge(challenge: challenge) }) { $0.deliver(to: delegate) }
    }
}
