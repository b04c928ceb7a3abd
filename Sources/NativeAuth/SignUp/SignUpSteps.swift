/// What a sign-up does on the wire, written once per API: ``SignUpFlow`` speaks V1, ``SignUpJourney``
/// V2. The entry point and the public states run their calls through the one the configuration's
/// ``NativeAuthAPI`` chose (``ApplicationEnvironment/signUp``).
protocol SignUpSteps {
    static func start(_ parameters: NativeAuthSignUpParameters, environment: ApplicationEnvironment) async -> SignUpStartResult
    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<SignUpVerifyCodeResult, VerifyCodeError>
    static func resendCode(on core: FlowStateCore) async -> StepOutcome<SignUpResendCodeResult, ResendCodeError>
    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<SignUpPasswordRequiredResult, PasswordRequiredError>
    static func submitAttributes(_ attributes: SignUpAttributes, on core: FlowStateCore, state: SignUpAttributesRequiredState)
        async -> StepOutcome<SignUpAttributesRequiredResult, AttributesRequiredError>
}

extension ApplicationEnvironment {
    /// The sign-up's steps for the configured API: chosen here, once.
    var signUp: any SignUpSteps.Type { api.choose(v1: SignUpFlow.self, v2: SignUpJourney.self) }
}
