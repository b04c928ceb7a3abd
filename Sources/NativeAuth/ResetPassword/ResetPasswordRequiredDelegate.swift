/// Receives the outcome of ``ResetPasswordRequiredState/submitPassword(password:delegate:)``, on the main actor.
@MainActor
public protocol ResetPasswordRequiredDelegate: AnyObject, Sendable {
    /// The password was not reset; submit another on `newState` when it is not nil.
    func onResetPasswordRequiredError(error: PasswordRequiredError, newState: ResetPasswordRequiredState?)
    /// The password was reset; sign in on `newState`.
    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState)
}

extension ResetPasswordRequiredDelegate {
    public func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) {
        onResetPasswordRequiredError(error: .notImplemented("onResetPasswordCompleted(newState:)", correlationId: newState.correlationId),
                                     newState: nil)
    }
}

extension ResetPasswordRequiredResult {
    @MainActor
    func deliver(to delegate: any ResetPasswordRequiredDelegate) {
        switch self {
        case .completed(let state): delegate.onResetPasswordCompleted(newState: state)
        case .error(let error, let state): delegate.onResetPasswordRequiredError(error: error, newState: state)
        }
    }
}

extension ResetPasswordRequiredState {
    /// Submits the new password and reports the outcome to `delegate` (see ``submitPassword(password:)``).
    public func submitPassword(password: String, delegate: any ResetPasswordRequiredDelegate) {
        DelegateDispatch.run({ await self.submitPassword(password: password) }) { $0.deliver(to: delegate) }
    }
}
