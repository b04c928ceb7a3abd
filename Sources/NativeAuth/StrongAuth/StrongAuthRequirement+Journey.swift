extension StrongAuthRequirement {
    /// The requirement a V2 answer states after a first factor (docs/PROTOCOL.md §22): a second
    /// factor's list, or a method to register, as states on the journey; a browser-required failure
    /// when the app did not advertise the capability (as V1's tables say for `mfa_required` and
    /// `registration_required`); nil for any other answer.
    static func journey(_ answer: JourneyAnswer, context: FlowContext) -> Result<StrongAuthRequirement, StepFailure>? {
        let capabilities = context.environment.capabilities
        switch answer {
        case .methods(let position, secondFactor: true):
            guard capabilities.contains(.mfaRequired) else {
                return .failure(context.browserRequired(
                    "The server requires multi-factor authentication, which the app cannot do natively without the .mfaRequired capability: sign in through the browser."))
            }
            return .success(.mfa(authMethods: position.authMethods, newState: AwaitingMFAState(core: FlowStateCore(context: context, journey: position))))
        case .registrationRequired(let position):
            guard capabilities.contains(.registrationRequired) else {
                return .failure(context.browserRequired(
                    "The server requires registering a strong authentication method, which the app cannot do natively without the .registrationRequired capability: sign in through the browser."))
            }
            return .success(.registration(authMethods: position.authMethods,
                                          newState: RegisterStrongAuthState(core: FlowStateCore(context: context, journey: position))))
        default:
            return nil
        }
    }
}
