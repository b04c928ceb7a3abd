#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sign-up flow: `/signup/v1.0/start`, `/signup/v1.0/challenge`, then `/signup/v1.0/continue`
/// with the code, the password and the attributes the server asks for (docs/PROTOCOL.md §7), on the
/// shared flow parts (``FlowContext``, ``ChallengeAnswer``, ``FlowStateCore``, ``FlowErrorMapping``);
/// what each failure comes to is ``SignUpStep``'s table.
/// The completed flow hands its continuation token to ``SignInAfterFlowCore``.
///
/// Which failures hand the state back follows MSAL (docs/PROTOCOL.md §7.6): a wrong code, a password
/// the policy refuses, refused attribute values, a refused resend (but not an expired token), and
/// (this library's addition) any failure with no answer from the server.
enum SignUpFlow: SignUpSteps {
    // MARK: Start

    /// A sign-up's start as both APIs begin it: the flow's context, and the local checks of the
    /// username, the password and the attributes, which send nothing.
    struct Prepared {
        let context: FlowContext
        let password: String?
        let attributes: SignUpAttributes?
    }

    static func prepare(_ parameters: NativeAuthSignUpParameters, environment: ApplicationEnvironment) -> Result<Prepared, SignUpStartError> {
        let values = parameters.snapshot
        let checkedUsername = LocalInput.username(values.username)
        let username = checkedUsername.value
        let context = FlowContext(environment: environment, username: username, scopes: RequestedScopes.merged(nil),
                                  correlationId: values.correlationId ?? UUID())
        environment.logger.info("sign-up starting", metadata: ["username": "\(LogMasking.username(username))",
                                                               "correlation-id": "\(context.correlationId)"])
        func local(_ code: NativeAuthErrorCode, _ message: String) -> Result<Prepared, SignUpStartError> {
            .failure(SignUpStartError(FlowErrorMapping.local(code, message, correlationId: context.correlationId)))
        }
        if let problem = checkedUsername.problem { return local(.invalidUsername, problem) }
        if let problem = values.password.flatMap({ LocalInput.password($0).problem }) { return local(.invalidPassword, problem) }
        if let problem = values.attributes?.problem { return local(.invalidAttributes, problem + " Nothing was sent.") }
        return .success(Prepared(context: context, password: values.password, attributes: values.attributes))
    }

    static func start(_ parameters: NativeAuthSignUpParameters, environment: ApplicationEnvironment) async -> SignUpStartResult {
        var context: FlowContext
        let prepared: Prepared
        switch prepare(parameters, environment: environment) {
        case .failure(let error): return .error(error)
        case .success(let value): prepared = value
        }
        context = prepared.context
        let username = context.username
        func failure(_ details: NativeAuthErrorDetails) -> SignUpStartResult { .error(SignUpStartError(details)) }

        var fields = [("username", username)]
        if let password = prepared.password { fields.append(("password", password)) }
        if let attributes = prepared.attributes, !attributes.members.isEmpty { fields.append(("attributes", attributes.formValue)) }
        fields.append(("challenge_type", environment.challengeTypes.wireValue))
        if let capabilities = environment.capabilities.wireValue { fields.append(("capabilities", capabilities)) }
        let started: WireOutcome<ContinuationTokenResponse>
        (started, context) = await context.post(.signUpStart, fields)
        let token: String
        switch SignUpAnswer(started) {
        case .succeeded(let value?):
            token = value
        case .succeeded(nil):
            return failure(FlowErrorMapping.unexpectedAnswer("the answer to /signup/v1.0/start has no continuation_token",
                                                             correlationId: context.correlationId))
        case .attributesInvalid(let names):
            return .attributesInvalid(attributeNames: names)
        case .rejected(let rejection):
            return failure(context.failure(rejection, at: SignUpStep.start).details)
        case .credentialRequired, .attributesRequired:
            return failure(FlowErrorMapping.unexpectedAnswer("the server asked for more before the address was verified",
                                                             correlationId: context.correlationId))
        case .unexpected(let what):
            return failure(FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId))
        }

        let answer: ChallengeAnswer
        (answer, context) = await context.challenge(.signUpChallenge, continuationToken: token)
        return await answer.resolve(
            in: context, step: SignUpStep.challenge,
            mismatch: "the server asked for a password before sending a code to verify the address",
            code: { core, sentTo, channel, length in
                .codeRequired(newState: SignUpCodeRequiredState(core: core), sentTo: sentTo, channelTargetType: channel, codeLength: length)
            },
            failed: { failure($0.details) })
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<SignUpVerifyCodeResult, VerifyCodeError> {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(VerifyCodeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let code = checked.value
        let (answer, context) = await proceed(grantType: .oob, ("oob", code), on: core)
        func ended(_ details: NativeAuthErrorDetails) -> StepOutcome<SignUpVerifyCodeResult, VerifyCodeError> {
            .advanced(.error(VerifyCodeError(details), newState: nil))
        }
        switch answer {
        case .succeeded(let token):
            return .advanced(.completed(signedUp(context, token)))
        case .credentialRequired(let token):
            // MSAL asks for the password step itself: the answer must be the password challenge.
            let (challenge, asked) = await context.challenge(.signUpChallenge, continuationToken: token)
            return await challenge.resolve(
                in: asked, step: SignUpStep.challenge, mismatch: "the server sent another code instead of asking for the password",
                password: { .advanced(.passwordRequired(newState: SignUpPasswordRequiredState(core: $0))) },
                failed: { ended($0.details) })
        case .attributesRequired(let attributes, let token):
            return .advanced(.attributesRequired(attributes: attributes, newState: attributesState(context, token)))
        case .attributesInvalid:
            return ended(FlowErrorMapping.unexpectedAnswer("the server refused attributes in answer to a code", correlationId: context.correlationId))
        case .rejected(let rejection):
            return .failed(context.failure(rejection, at: SignUpStep.oobContinue))
        case .unexpected(let what):
            return ended(FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId))
        }
    }

    static func resendCode(on core: FlowStateCore) async -> StepOutcome<SignUpResendCodeResult, ResendCodeError> {
        let (answer, context) = await core.context.challenge(.signUpChallenge, continuationToken: core.continuationToken)
        return await answer.resolve(
            in: context, step: SignUpStep.resend, mismatch: "the server asked for a password instead of sending a new code",
            code: { next, sentTo, channel, length in
                .advanced(.codeRequired(newState: SignUpCodeRequiredState(core: next), sentTo: sentTo, channelTargetType: channel, codeLength: length))
            },
            failed: { .failed($0) })
    }

    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<SignUpPasswordRequiredResult, PasswordRequiredError> {
        if let problem = LocalInput.password(password).problem {
            return .retry(PasswordRequiredError(FlowErrorMapping.local(.invalidPassword, problem, correlationId: core.correlationId)))
        }
        let (answer, context) = await proceed(grantType: .password, ("password", password), on: core)
        switch answer {
        case .succeeded(let token):
            return .advanced(.completed(signedUp(context, token)))
        case .attributesRequired(let attributes, let token):
            return .advanced(.attributesRequired(attributes: attributes, newState: attributesState(context, token)))
        case .rejected(let rejection):
            return .failed(context.failure(rejection, at: SignUpStep.passwordContinue))
        case .credentialRequired, .attributesInvalid, .unexpected:
            let error = PasswordRequiredError(FlowErrorMapping.unexpectedAnswer(
                "the answer to the password is not an account, a request for attributes or a refusal", correlationId: context.correlationId))
            return .advanced(.error(error, newState: nil))
        }
    }

    static func submitAttributes(
        _ attributes: SignUpAttributes, on core: FlowStateCore, state: SignUpAttributesRequiredState
    ) async -> StepOutcome<SignUpAttributesRequiredResult, AttributesRequiredError> {
        if let problem = attributes.problem {
            return .retry(AttributesRequiredError(FlowErrorMapping.local(.invalidAttributes, problem + " Nothing was sent.",
                                                                         correlationId: core.correlationId)))
        }
        let (answer, context) = await proceed(grantType: .attributes, ("attributes", attributes.formValue), on: core)
        switch answer {
        case .succeeded(let token):
            return .advanced(.completed(signedUp(context, token)))
        case .attributesRequired(let required, let token):
            return .advanced(.attributesRequired(attributes: required, newState: attributesState(context, token)))
        case .attributesInvalid(let names):
            // The same state (and token) goes back, to submit other values on.
            return .handedBack(.attributesInvalid(attributeNames: names, newState: state))
        case .rejected(let rejection):
            return .failed(context.failure(rejection, at: SignUpStep.attributesContinue))
        case .credentialRequired, .unexpected:
            let error = AttributesRequiredError(FlowErrorMapping.unexpectedAnswer(
                "the answer to the attributes is not an account, a request for attributes or a refusal", correlationId: context.correlationId))
            return .advanced(.error(error, newState: nil))
        }
    }

    // MARK: Shared steps

    /// `/signup/v1.0/continue` with one grant and its value, on the state's token.
    private static func proceed(grantType: GrantType, _ value: (String, String), on core: FlowStateCore) async -> (SignUpAnswer, FlowContext) {
        let fields = [("continuation_token", core.continuationToken), ("grant_type", grantType.rawValue), value]
        let (outcome, context) = await core.context.post(.signUpContinue, fields, as: ContinuationTokenResponse.self)
        return (SignUpAnswer(outcome), context)
    }

    /// The account exists: the state that signs the new user in (with no token, it says sign-in is not available).
    static func signedUp(_ context: FlowContext, _ token: String?, pendingStrongAuth: JourneyAnswer? = nil) -> SignInAfterSignUpState {
        context.environment.logger.info("signed up", metadata: ["username": "\(LogMasking.username(context.username))",
                                                               "correlation-id": "\(context.correlationId)"])
        return SignInAfterSignUpState(core: SignInAfterFlowCore(context: context, continuationToken: token, pendingStrongAuth: pendingStrongAuth))
    }

    private static func attributesState(_ context: FlowContext, _ token: String) -> SignUpAttributesRequiredState {
        SignUpAttributesRequiredState(core: FlowStateCore(context: context, continuationToken: token))
    }
}

extension SignUpVerifyCodeResult: FailableStepResult {}
extension SignUpResendCodeResult: FailableStepResult {}
extension SignUpPasswordRequiredResult: FailableStepResult {}
extension SignUpAttributesRequiredResult: FailableStepResult {}
