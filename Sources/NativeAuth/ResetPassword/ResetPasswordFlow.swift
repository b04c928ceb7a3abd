#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The password-reset flow: `/resetpassword/v1.0/start`, `/challenge` (a code), `/continue` with the
/// code, `/submit` with the new password, then ``ResetPasswordPolling`` until the server completes
/// the reset (docs/PROTOCOL.md §8), on the shared flow parts (``FlowContext``, ``FlowStateCore``,
/// ``FlowErrorMapping``); what each failure comes to is ``ResetPasswordStep``'s table. The completed flow hands its continuation token to ``SignInAfterFlowCore``.
///
/// Which failures hand the state back follows MSAL (docs/PROTOCOL.md §8.1): a wrong code, a password
/// the policy refuses, and (this library's addition) a failure with no answer from the server before
/// the submit was accepted.
enum ResetPasswordFlow: ResetPasswordSteps {
    // MARK: Start

    /// A password reset's start as both APIs begin it: the flow's context, and the local check of
    /// the username, which sends nothing.
    static func prepare(_ parameters: NativeAuthResetPasswordParameters, environment: ApplicationEnvironment) -> Result<FlowContext, ResetPasswordStartError> {
        let values = parameters.snapshot
        let checked = LocalInput.username(values.username)
        let context = FlowContext(environment: environment, username: checked.value, scopes: RequestedScopes.merged(nil),
                                  correlationId: values.correlationId ?? UUID())
        environment.logger.info("password reset starting", metadata: ["username": "\(LogMasking.username(checked.value))",
                                                                      "correlation-id": "\(context.correlationId)"])
        if let problem = checked.problem {
            return .failure(ResetPasswordStartError(FlowErrorMapping.local(.invalidUsername, problem, correlationId: context.correlationId)))
        }
        return .success(context)
    }

    static func start(_ parameters: NativeAuthResetPasswordParameters, environment: ApplicationEnvironment) async -> ResetPasswordStartResult {
        var context: FlowContext
        switch prepare(parameters, environment: environment) {
        case .failure(let error): return .error(error)
        case .success(let value): context = value
        }
        var fields = [("username", context.username), ("challenge_type", environment.challengeTypes.wireValue)]
        if let capabilities = environment.capabilities.wireValue { fields.append(("capabilities", capabilities)) }
        let started: WireOutcome<ContinuationTokenResponse>
        (started, context) = await context.post(.resetPasswordStart, fields)
        let token: String
        switch started {
        case .rejected(let rejection):
            return .error(ResetPasswordStartError(context.failure(rejection, at: ResetPasswordStep.start).details))
        case .success(let body):
            guard let value = body.continuationToken, !value.isEmpty else {
                return .error(ResetPasswordStartError(FlowErrorMapping.unexpectedAnswer(
                    "the answer to /resetpassword/v1.0/start has no continuation_token", correlationId: context.correlationId)))
            }
            token = value
        }
        // Password reset's challenge, like MSAL's, takes only a code.
        let answer: ChallengeAnswer
        (answer, context) = await context.challenge(.resetPasswordChallenge, continuationToken: token)
        return await answer.resolve(
            in: context, step: ResetPasswordStep.challenge, mismatch: "the server asked for a password instead of sending a code",
            code: { core, sentTo, channel, length in
                .codeRequired(newState: ResetPasswordCodeRequiredState(core: core), sentTo: sentTo, channelTargetType: channel, codeLength: length)
            },
            failed: { .error(ResetPasswordStartError($0.details)) })
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<ResetPasswordVerifyCodeResult, VerifyCodeError> {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(VerifyCodeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let fields = [("continuation_token", core.continuationToken), ("grant_type", GrantType.oob.rawValue), ("oob", checked.value)]
        let (outcome, context) = await core.context.post(.resetPasswordContinue, fields, as: ContinuationTokenResponse.self)
        switch outcome {
        case .success(let body):
            guard let token = body.continuationToken, !token.isEmpty else {
                return .advanced(.error(VerifyCodeError(FlowErrorMapping.unexpectedAnswer(
                    "the answer to the code has no continuation_token", correlationId: context.correlationId)), newState: nil))
            }
            return .advanced(.passwordRequired(newState: ResetPasswordRequiredState(core: FlowStateCore(context: context, continuationToken: token))))
        case .rejected(let rejection):
            return .failed(context.failure(rejection, at: ResetPasswordStep.codeContinue))
        }
    }

    static func resendCode(on core: FlowStateCore) async -> StepOutcome<ResetPasswordResendCodeResult, ResendCodeError> {
        let (answer, context) = await core.context.challenge(.resetPasswordChallenge, continuationToken: core.continuationToken)
        return await answer.resolve(
            in: context, step: ResetPasswordStep.resend, mismatch: "the server asked for a password instead of sending a code",
            code: { next, sentTo, channel, length in
                .advanced(.codeRequired(newState: ResetPasswordCodeRequiredState(core: next), sentTo: sentTo,
                                        channelTargetType: channel, codeLength: length))
            },
            failed: { .failed($0) })
    }

    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<ResetPasswordRequiredResult, PasswordRequiredError> {
        if let problem = LocalInput.password(password).problem {
            return .retry(PasswordRequiredError(FlowErrorMapping.local(.invalidPassword, problem, correlationId: core.correlationId)))
        }
        let fields = [("continuation_token", core.continuationToken), ("new_password", password)]
        let (outcome, context) = await core.context.post(.resetPasswordSubmit, fields, as: ResetPasswordSubmitResponse.self)
        let submitted: ResetPasswordSubmitResponse
        switch outcome {
        case .rejected(let rejection):
            return .failed(context.failure(rejection, at: ResetPasswordStep.submit))
        case .success(let body):
            submitted = body
        }
        guard let token = submitted.continuationToken, !token.isEmpty else {
            return .advanced(.error(PasswordRequiredError(FlowErrorMapping.unexpectedAnswer(
                "the answer to /resetpassword/v1.0/submit has no continuation_token", correlationId: context.correlationId)), newState: nil))
        }
        let polling = ResetPasswordPolling(continuationToken: token, pollInterval: submitted.pollInterval)
        return .advanced(await completed(polling, context: context))
    }

    /// The password is reset: the state that signs the user in (with no token, it says sign-in is not available).
    static func reset(_ context: FlowContext, _ token: String?, pendingStrongAuth: JourneyAnswer? = nil) -> SignInAfterResetPasswordState {
        context.environment.logger.info("password reset", metadata: ["username": "\(LogMasking.username(context.username))",
                                                                    "correlation-id": "\(context.correlationId)"])
        return SignInAfterResetPasswordState(core: SignInAfterFlowCore(context: context, continuationToken: token, pendingStrongAuth: pendingStrongAuth))
    }

    /// Waits for the server to complete the reset, and says what that came to.
    private static func completed(_ polling: ResetPasswordPolling, context: FlowContext) async -> ResetPasswordRequiredResult {
        func passwordState(_ token: String, _ context: FlowContext) -> ResetPasswordRequiredState {
            ResetPasswordRequiredState(core: FlowStateCore(context: context, continuationToken: token))
        }
        switch await polling.run(context: context) {
        case .succeeded(let token, let context):
            return .completed(reset(context, token))
        case .rejected(let rejection, let context):
            // As MSAL: a password the server refuses while completing goes back to the submit, with the
            // submit's token; anything else ends the flow.
            let failure = context.failure(rejection, at: ResetPasswordStep.pollCompletion)
            return .error(PasswordRequiredError(failure.details), newState: failure.handsBack ? passwordState(polling.continuationToken, context) : nil)
        case .failed(let token, let context):
            let error = PasswordRequiredError(FlowErrorMapping.local(
                .general, "The server could not complete the password reset (poll_completion answered 'failed'); the password was not changed."
                    + (token == nil ? " Start the password reset again." : " Submit the new password again."),
                correlationId: context.correlationId))
            return .error(error, newState: token.map { passwordState($0, context) })
        case .unfinished(let message, let context):
            return .error(PasswordRequiredError(FlowErrorMapping.local(.general, message, correlationId: context.correlationId)), newState: nil)
        case .unexpected(let what, let context):
            return .error(PasswordRequiredError(FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId)), newState: nil)
        }
    }
}

extension ResetPasswordVerifyCodeResult: FailableStepResult {}
extension ResetPasswordResendCodeResult: FailableStepResult {}
extension ResetPasswordRequiredResult: FailableStepResult {}
