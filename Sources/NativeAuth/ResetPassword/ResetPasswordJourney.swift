import NativeAuthShared

/// The password reset over V2 (docs/PROTOCOL.md §24), behind the same states as
/// ``ResetPasswordFlow``: the entry's `reset_password` link with the username lists the methods; the
/// first that sends a code is challenged; its `verify` link takes the code (`otp`) and answers
/// `action: update`; the new password is `PUT` to the `update` link (`newPassword`), then the `poll`
/// link (which may move from one answer to the next) is polled, waiting as V1's polls wait
/// (``ResetPasswordPolling``), until `continue`, whose token signs the user in
/// (``SignInAfterResetPasswordState``). What each failure comes to is ``JourneyStep``'s table.
enum ResetPasswordJourney: ResetPasswordSteps {
    // MARK: Start

    static func start(_ parameters: NativeAuthResetPasswordParameters, environment: ApplicationEnvironment) async -> ResetPasswordStartResult {
        let prepared: FlowContext
        switch ResetPasswordFlow.prepare(parameters, environment: environment) {
        case .failure(let error): return .error(error)
        case .success(let value): prepared = value
        }
        var (answer, context) = await prepared.enterJourney("reset_password", [("username", .string(prepared.username))],
                                                              step: .resetPasswordStart)
        if case .methods(let position, _) = answer {
            guard let method = position.methods.first(where: { $0.links["challenge"] != nil && $0.type.map(HALResponse.normalized) != "password" })
            else {
                return .error(ResetPasswordStartError(JourneyAnswer.unfit("the server listed no method that sends a code", in: context).details))
            }
            (answer, context) = await context.follow(method.links["challenge"], named: "challenge", from: position, fallbackHint: method.hint,
                                                     step: .challenge)
        }
        switch answer {
        case .codeSent(let position, let code):
            return .codeRequired(newState: ResetPasswordCodeRequiredState(core: FlowStateCore(context: context, journey: position)),
                                 sentTo: code.sentTo, channelTargetType: code.channel, codeLength: code.codeLength)
        case .failed(let failure):
            return .error(ResetPasswordStartError(failure.details))
        default:
            return .error(ResetPasswordStartError(JourneyAnswer.unfit("the server did not send a code", in: context).details))
        }
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<ResetPasswordVerifyCodeResult, VerifyCodeError> {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(VerifyCodeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let (answer, context) = await core.follow("verify", sending: "otp", checked.value, step: .verifyCode)
        switch answer {
        case .newPasswordRequired(let next):
            return .advanced(.passwordRequired(newState: ResetPasswordRequiredState(core: FlowStateCore(context: context, journey: next))))
        case .failed(let failure):
            return .failed(failure)
        default:
            return .advanced(.error(VerifyCodeError(JourneyAnswer.unfit("the answer to the code does not ask for the new password",
                                                                        in: context).details), newState: nil))
        }
    }

    static func resendCode(on core: FlowStateCore) async -> StepOutcome<ResetPasswordResendCodeResult, ResendCodeError> {
        switch await core.resendJourneyCode() {
        case .success(let (next, code)):
            return .advanced(.codeRequired(newState: ResetPasswordCodeRequiredState(core: next), sentTo: code.sentTo, channelTargetType: code.channel,
                                           codeLength: code.codeLength))
        case .failure(let failure):
            return .failed(failure)
        }
    }

    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<ResetPasswordRequiredResult, PasswordRequiredError> {
        if let problem = LocalInput.password(password).problem {
            return .retry(PasswordRequiredError(FlowErrorMapping.local(.invalidPassword, problem, correlationId: core.correlationId)))
        }
        let position = core.journeyPosition
        let (answer, context) = await core.context.follow(position.answer.link("update") ?? position.answer.link("self"), named: "update",
                                                          from: position, method: "PUT", [("newPassword", .string(password))], step: .update)
        switch answer {
        case .polling(let polling):
            return .advanced(await completed(from: polling, context: context, retry: core))
        case .completed(let done):
            return .advanced(.completed(ResetPasswordFlow.reset(context, done.continuationToken)))
        case .failed(let failure):
            return .failed(failure)
        default:
            return .advanced(.error(PasswordRequiredError(JourneyAnswer.unfit("the answer to the new password is neither a poll nor the end",
                                                                              in: context).details), newState: nil))
        }
    }

    /// Polls the reset's `poll` link until `continue`, waiting as V1 waits. A password the policy
    /// refuses while completing goes back to the new password (a state on `retry`'s position), as V1.
    private static func completed(from first: JourneyPosition, context: FlowContext, retry: FlowStateCore) async -> ResetPasswordRequiredResult {
        var position = first
        func failed(_ details: NativeAuthErrorDetails, handsBack: Bool = false) -> ResetPasswordRequiredResult {
            .error(PasswordRequiredError(details), newState: handsBack ? ResetPasswordRequiredState(core: retry.successor()) : nil)
        }
        let polling = ResetPasswordPolling(continuationToken: position.continuationToken, pollInterval: nil)
        return await polling.wait(context: context, unfinished: { message, context in
            failed(FlowErrorMapping.local(.general, message, correlationId: context.correlationId))
        }) { context in
            let (answer, answered) = await context.follow(position.answer.link("poll"), named: "poll", from: position, step: .poll)
            switch answer {
            case .polling(let next):
                position = next
                return (nil, answered)
            case .completed(let done):
                return (.completed(ResetPasswordFlow.reset(answered, done.continuationToken)), answered)
            case .methods(_, secondFactor: true), .registrationRequired:
                // The password is reset; the sign-in after it starts at the second factor (or its registration).
                return (.completed(ResetPasswordFlow.reset(answered, nil, pendingStrongAuth: answer)), answered)
            case .failed(let failure):
                return (failed(failure.details, handsBack: failure.handsBack), answered)
            default:
                return (failed(JourneyAnswer.unfit("the answer to a poll is neither a poll nor the end", in: answered).details), answered)
            }
        }
    }
}
