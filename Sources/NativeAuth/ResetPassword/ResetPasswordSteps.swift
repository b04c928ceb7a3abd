/// What a password reset does on the wire, written once per API: ``ResetPasswordFlow`` speaks V1,
/// ``ResetPasswordJourney`` V2. The entry point and the public states run their calls through the one
/// the configuration's ``NativeAuthAPI`` chose (``ApplicationEnvironment/resetPassword``).
protocol ResetPasswordSteps {
    static func start(_ parameters: NativeAuthResetPasswordParameters, environment: ApplicationEnvironment) async -> ResetPasswordStartResult
    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<ResetPasswordVerifyCodeResult, VerifyCodeError>
    static func resendCode(on core: FlowStateCore) async -> StepOutcome<ResetPasswordResendCodeResult, ResendCodeError>
    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<ResetPasswordRequiredResult, PasswordRequiredError>
}

extension ApplicationEnvironment {
    /// The password reset's steps for the configured API: chosen here, once.
    var resetPassword: any ResetPasswordSteps.Type { api.choose(v1: ResetPasswordFlow.self, v2: ResetPasswordJourney.self) }
}
