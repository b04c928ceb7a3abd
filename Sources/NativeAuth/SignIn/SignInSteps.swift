/// What a sign-in does on the wire, written once per API: ``SignInFlow`` speaks V1, ``SignInJourney``
/// V2. The entry point and the public states run their calls through the one the configuration's
/// ``NativeAuthAPI`` chose (``ApplicationEnvironment/signIn``), so a state's code is the same for both.
protocol SignInSteps {
    static func start(_ parameters: NativeAuthSignInParameters, environment: ApplicationEnvironment) async -> SignInStartResult
    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<SignInVerifyCodeResult, VerifyCodeError>
    static func resendCode(on core: FlowStateCore) async -> StepOutcome<SignInResendCodeResult, ResendCodeError>
    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<SignInPasswordRequiredResult, PasswordRequiredError>
    /// Signs in with the continuation token a finished sign-up or password reset handed on
    /// (``SignInAfterFlowCore``), with the context's scopes and claims.
    static func signInAfterFlow(_ token: String, context: FlowContext) async -> NativeRedemption.Outcome
}

extension ApplicationEnvironment {
    /// The sign-in's steps for the configured API: chosen here, once.
    var signIn: any SignInSteps.Type { api.choose(v1: SignInFlow.self, v2: SignInJourney.self) }
}

/// A sign-in result with a signed-in case besides the two strong-authentication ones (each enum
/// case witnesses the requirement), so that one function answers every step that may finish a
/// sign-in.
protocol SignedInOutcomes: StrongAuthOutcomes {
    static func completed(_ result: NativeAuthUserAccountResult) -> Self
}

extension SignInStartResult: SignedInOutcomes {}
extension SignInVerifyCodeResult: SignedInOutcomes {}
extension SignInPasswordRequiredResult: SignedInOutcomes {}
