import NativeAuthShared

/// The sign-in over V2 (docs/PROTOCOL.md §21), behind the same states as ``SignInFlow``: the entry's
/// `sign_in` link with the username lists the account's methods; the library picks one, challenges
/// it (a code is sent, or the password is asked for), verifies what the user gives, and goes on
/// with what the server asks next: a second factor or a registration (``StrongAuthRequirement``), or
/// `continue`, which the completion redeems (``FlowContext/completeJourney(_:resume:)``). What each
/// failure comes to is ``JourneyStep``'s table.
enum SignInJourney: SignInSteps {
    // MARK: Start

    static func start(_ parameters: NativeAuthSignInParameters, environment: ApplicationEnvironment) async -> SignInStartResult {
        let prepared: SignInFlow.Prepared
        switch SignInFlow.prepare(parameters, environment: environment) {
        case .failure(let error): return .error(error)
        case .success(let value): prepared = value
        }
        let (entered, context) = await prepared.context.enterJourney(
            "sign_in", [("username", .string(prepared.context.username))], step: .signInStart)
        let password = prepared.password
        guard case .methods(let position, secondFactor: false) = entered else {
            return await firstFactor(entered, context: context, password: password)
        }
        guard let method = choose(from: position.methods, password: password, challengeTypes: environment.challengeTypes) else {
            let offered = position.methods.compactMap(\.type).map { String($0.prefix(16)) }.joined(separator: ", ")
            return .error(SignInStartError(context.browserRequired(
                "The server offers sign-in methods (\(offered)) the app's challenge types do not include: sign in through the browser.").details))
        }
        let (challenged, answered) = await context.follow(method.links["challenge"], named: "challenge", from: position,
                                                          fallbackHint: method.hint, step: .challenge)
        return await firstFactor(challenged, context: answered, password: password)
    }

    /// The method a sign-in challenges, as objc picks it: the password when one was given and the
    /// account has it; else the first method that sends a code, when the app's challenge types have
    /// `.OOB`; else the password, when they have `.password`. Nil when none fits (browser required, as
    /// V1's server redirects an app that cannot do the account's method).
    static func choose(from methods: [HALResponse.Method], password: String?, challengeTypes: NativeAuthChallengeTypes) -> HALResponse.Method? {
        let usable = methods.filter { $0.links["challenge"] != nil }
        let passwordMethod = usable.first { $0.type.map(HALResponse.normalized) == "password" }
        let codeMethod = usable.first { $0.type.map(HALResponse.normalized) != "password" }
        if password != nil, challengeTypes.contains(.password), let passwordMethod { return passwordMethod }
        if challengeTypes.contains(.OOB), let codeMethod { return codeMethod }
        return challengeTypes.contains(.password) ? passwordMethod : nil
    }

    /// What a start's challenge came to: a code sent, the password asked for (submitted at once when
    /// the start was given one), or anything a verified factor may lead to.
    private static func firstFactor(_ answer: JourneyAnswer, context: FlowContext, password: String?) async -> SignInStartResult {
        switch answer {
        case .codeSent(let position, let code):
            if password != nil {
                context.environment.logger.warning("the server asked for a code although a password was given; the password is not used")
            }
            return .codeRequired(newState: SignInCodeRequiredState(core: FlowStateCore(context: context, journey: position)),
                                 sentTo: code.sentTo, channelTargetType: code.channel, codeLength: code.codeLength)
        case .passwordRequired(let position):
            guard let password else {
                return .passwordRequired(newState: SignInPasswordRequiredState(core: FlowStateCore(context: context, journey: position)))
            }
            let (verified, answered) = await context.follow(position.answer.link("verify"), named: "verify", from: position,
                                                            [("password", .string(password))], step: .passwordAtStart)
            return result(await afterFactor(verified, context: answered)) { .error(SignInStartError($0.details)) }
        default:
            return result(await afterFactor(answer, context: context)) { .error(SignInStartError($0.details)) }
        }
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<SignInVerifyCodeResult, VerifyCodeError> {
        let code = code.trimmed(.whitespacesAndNewlines)
        guard !code.isEmpty else {
            return .retry(VerifyCodeError(FlowErrorMapping.local(.invalidCode, "The code is empty.", correlationId: core.correlationId)))
        }
        let (verified, context) = await core.follow("verify", sending: "otp", code, step: .verifyCode)
        return step(await afterFactor(verified, context: context))
    }

    static func resendCode(on core: FlowStateCore) async -> StepOutcome<SignInResendCodeResult, ResendCodeError> {
        switch await core.resendJourneyCode() {
        case .success(let (next, code)):
            return .advanced(.codeRequired(newState: SignInCodeRequiredState(core: next), sentTo: code.sentTo, channelTargetType: code.channel,
                                           codeLength: code.codeLength))
        case .failure(let failure):
            return .failed(failure)
        }
    }

    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<SignInPasswordRequiredResult, PasswordRequiredError> {
        guard !password.isEmpty else {
            return .retry(PasswordRequiredError(FlowErrorMapping.local(.invalidPassword, "The password is empty.", correlationId: core.correlationId)))
        }
        let (verified, context) = await core.follow("verify", sending: "password", password, step: .verifyPassword)
        return step(await afterFactor(verified, context: context))
    }

    static func signInAfterFlow(_ token: String, context: FlowContext) async -> NativeRedemption.Outcome {
        switch await context.completeJourney(token, resume: .signInAfterFlow).0 {
        case .signedIn(let result): .signedIn(result)
        case .failed(let failure): .failed(failure)
        }
    }

    // MARK: After a factor

    /// What the answer to a verified factor comes to: signed in (the completion), a second factor or
    /// a registration (when the app opted in), or the failure.
    static func afterFactor<Outcome: SignedInOutcomes>(_ answer: JourneyAnswer, context: FlowContext) async -> Result<Outcome, StepFailure> {
        if let requirement = StrongAuthRequirement.journey(answer, context: context) {
            return requirement.map { $0.result() }
        }
        return await context.signedIn(after: answer, what: "the sign-in's factor").map { .completed($0) }
    }

    private static func step<Outcome: SignedInOutcomes & FailableStepResult>(_ result: Result<Outcome, StepFailure>) -> StepOutcome<Outcome, Outcome.Failure> {
        switch result {
        case .success(let outcome): .advanced(outcome)
        case .failure(let failure): .failed(failure)
        }
    }

    private static func result<Outcome>(_ result: Result<Outcome, StepFailure>, _ failed: (StepFailure) -> Outcome) -> Outcome {
        switch result {
        case .success(let outcome): outcome
        case .failure(let failure): failed(failure)
        }
    }
}
