extension ChallengeAnswer {
    /// Turns the answer into the step's result: the one place the five answers of a `/challenge`
    /// (`code`, `password`, `introspectRequired`, `rejected`, `unexpected`) are told apart.
    ///
    /// Each step names the answers it can go on with; the other kind of challenge is an answer that
    /// does not fit the step (`mismatch` says what happened), and a rejection fails as the step's
    /// error table says.
    ///
    /// - Parameters:
    ///   - context: The context the answer came back with (the state built for the next step holds it).
    ///   - step: The step, whose error table decides what a rejection comes to.
    ///   - mismatch: What to say when the server answered with the kind of challenge the step has no
    ///     closure for ("the server asked for a password instead of sending a new code").
    ///   - code: A code was sent: the state core to submit it on, where it went, its channel and length.
    ///   - password: The server asks for the password: the state core to submit it on.
    ///   - introspect: The server wants the second factor's methods listed first: the context and the
    ///     token to list them with. Without it (a step that cannot go on so) the answer is a refusal,
    ///     which fails as the step's table says.
    ///   - failed: No usable answer: the failure, with whether the state the step was called on is
    ///     handed back (never for an answer that does not fit).
    func resolve<Result>(
        in context: FlowContext, step: some ErrorTable, mismatch: String,
        code: ((FlowStateCore, _ sentTo: String, NativeAuthChannelType, _ codeLength: Int) async -> Result)? = nil,
        password: ((FlowStateCore) async -> Result)? = nil,
        introspect: ((FlowContext, _ continuationToken: String) async -> Result)? = nil,
        failed: (StepFailure) -> Result
    ) async -> Result {
        switch self {
        case .introspectRequired(let token, let rejection):
            guard let introspect else { return failed(context.failure(rejection, at: step)) }
            return await introspect(context, token)
        case .code(let token, let sentTo, let channel, let length):
            guard let code else { return failed(unfit(mismatch, context)) }
            return await code(FlowStateCore(context: context, continuationToken: token), sentTo, channel, length)
        case .password(let token):
            guard let password else { return failed(unfit(mismatch, context)) }
            return await password(FlowStateCore(context: context, continuationToken: token))
        case .rejected(let rejection):
            return failed(context.failure(rejection, at: step))
        case .unexpected(let what):
            return failed(unfit(what, context))
        }
    }

    private func unfit(_ what: String, _ context: FlowContext) -> StepFailure {
        StepFailure(details: FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId), handsBack: false)
    }
}
