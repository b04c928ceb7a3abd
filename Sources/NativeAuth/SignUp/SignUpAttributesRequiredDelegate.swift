/// Receives the outcome of ``SignUpAttributesRequiredState/submitAttributes(attributes:delegate:)``, on the main actor.
@MainActor
public protocol SignUpAttributesRequiredDelegate: AnyObject, Sendable {
    /// The attributes were not accepted and the sign-up cannot go on with this call's outcome. As in
    /// MSAL there is no state here; when ``NativeAuthError/isServerUnavailable`` or
    /// ``AttributesRequiredError/isInvalidAttributes`` is true, the state you called is still good.
    func onSignUpAttributesRequiredError(error: AttributesRequiredError)
    /// The server asks for (more) attributes; submit them on `newState`.
    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The server refused the values of these attributes; submit other values on `newState`.
    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState)
    /// The account was created; sign in on `newState`.
    func onSignUpCompleted(newState: SignInAfterSignUpState)
}

extension SignUpAttributesRequiredDelegate {
    public func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        onSignUpAttributesRequiredError(error: .notImplemented("onSignUpAttributesRequired(attributes:newState:)", correlationId: newState.correlationId))
    }

    public func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {
        onSignUpAttributesRequiredError(error: .notImplemented("onSignUpAttributesInvalid(attributeNames:newState:)", correlationId: newState.correlationId))
    }

    public func onSignUpCompleted(newState: SignInAfterSignUpState) {
        onSignUpAttributesRequiredError(error: .notImplemented("onSignUpCompleted(newState:)", correlationId: newState.correlationId))
    }
}

extension SignUpAttributesRequiredResult {
    @MainActor
    func deliver(to delegate: any SignUpAttributesRequiredDelegate) {
        switch self {
        case .completed(let state): delegate.onSignUpCompleted(newState: state)
        case .attributesRequired(let attributes, let state): delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .attributesInvalid(let names, let state): delegate.onSignUpAttributesInvalid(attributeNames: names, newState: state)
        case .error(let error, _): delegate.onSignUpAttributesRequiredError(error: error)
        }
    }
}

extension SignUpAttributesRequiredState {
    /// Submits the attributes and reports the outcome to `delegate` (see ``submitAttributes(attributes:)``).
    public func submitAttributes(attributes: [String: Any], delegate: any SignUpAttributesRequiredDelegate) {
        let converted = SignUpAttributes(attributes)
        DelegateDispatch.run({ await self.submitAttributes(converted) }) { $0.deliver(to: delegate) }
    }
}
