/// Receives the outcome of ``SignUpPasswordRequiredState/submitPassword(password:delegate:)``, on the main actor.
@MainActor
public protocol SignUpPasswordRequiredDelegate: AnyObject, Sendable {
    /// The password was not accepted; retry on `newState` when it is not nil.
    func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?)
    /// The server asks for these attributes; submit them on `newState`.
    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The account was created; sign in on `newState`.
    func onSignUpCompleted(newState: SignInAfterSignUpState)
}

extension SignUpPasswordRequiredDelegate {
    public func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        onSignUpPasswordRequiredError(
            error: .notImplemented("onSignUpAttributesRequired(attributes:newState:)", correlationId: newState.correlationId), newState: nil)
    }

    public func onSignUpCompleted(newState: SignInAfterSignUpState) {
        onSignUpPasswordRequiredError(error: .notImplemented("onSignUpCompleted(newState:)", correlationId: newState.correlationId), newState: nil)
    }
}

extension SignUpPasswordRequiredResult {
    @MainActor
    func deliver(to delegate: any SignUpPasswordRequiredDelegate) {
        switch self {
        case .completed(let state): delegate.onSignUpCompleted(newState: state)
        case .attributesRequired(let attributes, let state): delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .error(let error, let state): delegate.onSignUpPasswordRequiredError(error: error, newState: state)
        }
    }
}

extension SignUpPasswordRequiredState {
    /// Submits the password and reports the outcome to `delegate` (see ``submitPassword(password:)``).
    public func submitPassword(password: String, delegate: any SignUpPasswordRequiredDelegate) {
        DelegateDispatch.run({ await self.submitPassword(password: password) }) { $0.deliver(to: delegate) }
    }
}
