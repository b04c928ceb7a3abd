/// Receives the outcome of ``RegisterStrongAuthState/challengeAuthMethod(parameters:delegate:)`` and
/// ``RegisterStrongAuthVerificationRequiredState/challengeAuthMethod(parameters:delegate:)``, on the main actor.
@MainActor
public protocol RegisterStrongAuthChallengeDelegate: AnyObject, Sendable {
    /// No code was sent; try again on `newState` when it is not nil.
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?)
    /// A code was sent to the contact; submit it on `result.newState`.
    func onRegisterStrongAuthVerificationRequired(result: RegisterStrongAuthVerificationRequiredResult)
    /// The contact was preverified: the method is registered and the user signed in.
    func onSignInCompleted(result: NativeAuthUserAccountResult)
}

extension RegisterStrongAuthChallengeDelegate {
    public func onRegisterStrongAuthVerificationRequired(result: RegisterStrongAuthVerificationRequiredResult) {
        onRegisterStrongAuthChallengeError(error: .notImplemented(
            "onRegisterStrongAuthVerificationRequired(result:)", correlationId: result.newState.correlationId), newState: nil)
    }

    public func onSignInCompleted(result: NativeAuthUserAccountResult) {
        onRegisterStrongAuthChallengeError(error: .notImplemented("onSignInCompleted(result:)", correlationId: nil), newState: nil)
    }
}

extension RegisterStrongAuthChallengeResult {
    @MainActor
    func deliver(to delegate: any RegisterStrongAuthChallengeDelegate) {
        switch self {
        case .verificationRequired(let result): delegate.onRegisterStrongAuthVerificationRequired(result: result)
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state): delegate.onRegisterStrongAuthChallengeError(error: error, newState: state)
        }
    }
}

extension RegisterStrongAuthState {
    /// Challenges the method and reports the outcome to `delegate` (see ``challengeAuthMethod(parameters:)``).
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters, delegate: any RegisterStrongAuthChallengeDelegate) {
        DelegateDispatch.run({ await self.challengeAuthMethod(parameters: parameters) }) { $0.deliver(to: delegate) }
    }
}

extension RegisterStrongAuthVerificationRequiredState {
    /// Sends a new code and reports the outcome to `delegate` (see ``challengeAuthMethod(parameters:)``).
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters, delegate: any RegisterStrongAuthChallengeDelegate) {
        DelegateDispatch.run({ await self.challengeAuthMethod(parameters: parameters) }) { $0.deliver(to: delegate) }
    }
}
