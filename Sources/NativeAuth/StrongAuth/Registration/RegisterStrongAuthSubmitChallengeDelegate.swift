/// Receives the outcome of ``RegisterStrongAuthVerificationRequiredState/submitChallenge(challenge:delegate:)``, on the main actor.
@MainActor
public protocol RegisterStrongAuthSubmitChallengeDelegate: AnyObject, Sendable {
    /// The code was not accepted, or the sign-in after it failed; retry on `newState` when it is not nil.
    func onRegisterStrongAuthSubmitChallengeError(error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)
    /// The method is registered and the user signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension RegisterStrongAuthSubmitChallengeDelegate {
    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onRegisterStrongAuthSubmitChallengeError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil), newState: nil)
    }
}

extension RegisterStrongAuthSubmitChallengeResult {
    @MainActor
    func deliver(to delegate: any RegisterStrongAuthSubmitChallengeDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state): delegate.onRegisterStrongAuthSubmitChallengeError(error: error, newState: state)
        }
    }
}

extension RegisterStrongAuthVerificationRequiredState {
    /// Submits the code and reports the outcome to `delegate` (see ``submitChallenge(challenge:)``).
    public func submitChallenge(challenge: String, delegate: any RegisterStrongAuthSubmitChallengeDelegate) {
        DelegateDispatch.run({ await self.submitChallenge(challenge: challenge) }) { $0.deliver(to: delegate) }
    }
}
