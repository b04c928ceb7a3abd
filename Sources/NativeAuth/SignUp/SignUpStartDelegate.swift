/// Receives the outcome of ``NativeAuthPublicClientApplication/signUp(parameters:delegate:)``, on the main actor.
///
/// Only ``onSignUpStartError(error:)`` is required. A callback the flow reaches but the delegate does
/// not implement is reported through the error callback as a "delegate method not implemented" error.
@MainActor
public protocol SignUpStartDelegate: AnyObject, Sendable {
    /// The sign-up could not start.
    func onSignUpStartError(error: SignUpStartError)
    /// A code was sent to `sentTo` to verify the address; submit it on `newState`.
    func onSignUpCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The server refused the values of these attributes: start again with other values.
    func onSignUpAttributesInvalid(attributeNames: [String])
}

extension SignUpStartDelegate {
    public func onSignUpCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        onSignUpStartError(error: .notImplemented(
            "onSignUpCodeRequired(newState:sentTo:channelTargetType:codeLength:)", correlationId: newState.correlationId))
    }

    public func onSignUpAttributesInvalid(attributeNames: [String]) {
        onSignUpStartError(error: .notImplemented("onSignUpAttributesInvalid(attributeNames:)", correlationId: nil))
    }
}

extension SignUpStartResult {
    @MainActor
    func deliver(to delegate: any SignUpStartDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignUpCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .attributesInvalid(let names):
            delegate.onSignUpAttributesInvalid(attributeNames: names)
        case .error(let error):
            delegate.onSignUpStartError(error: error)
        }
    }
}
