extension ChallengeAnswer {
    /// Turns the answer into the step's result: the one place the five answers of a `/challenge`
    /// (`code`, `password`, `introspectRequired`, `rejected`, `unexpected`) are told apart.
    ///
    /// Each step names the answers it can go on with; the other kind of challenge is an answer that
    /// does not fit the step (`mismatch` says what happened), and a rejection is mapped with the
    /// step's `meaning` of the server's errors.
    ///
    /// - Parameters:
    ///   - context: The context the answer came back with (the state built for the next step holds it).
    ///   - meaning: What a protocol error means at this step (its step table's `meaning(of:)`).
    ///   - mismatch: What to say when the server answered with the kind of challenge the step has no
    ///     closure for ("the server asked for a password instead of sending a new code").
    ///   - code: A code was sent: the state core to submit it on, where it went, its channel and length.
    ///   - password: The server asks for the password: the state core to submit it on.
    ///   - introspect: The server wants the second factor's methods listed first: the context and the
    ///     token to list them with. Without it (a step that cannot go on so) the answer is a refusal,
    ///     mapped with `meaning`.
    ///   - failed: No usable answer: the details of the error (the step decides from its table whether
    ///     the state it was called on is handed back).
    func resolve<Result>(
        in context: FlowContext, meaning: (ServerErrorResponse) -> ErrorMeaning, mismatch: String,
        code: ((FlowStateCore, _ sentTo: String, NativeAuthChannelType, _ codeLength: Int) async -> Result)? = nil,
        password: ((FlowStateCore) async -> Result)? = nil,
        introspect: ((FlowContext, _ continuationToken: String) async -> Result)? = nil,
        failed: (NativeAuthErrorDetails) -> Result
    ) async -> Result {
        switch self {
        case .introspectRequired(let token, let rejection):
            guard let introspect else { return failed(context.details(rejection, meaning: meaning)) }
            return await introspect(context, token)
        case .code(let token, let sentTo, let channel, let length):
            guard let code else { return failed(FlowErrorMapping.unexpectedAnswer(mismatch, correlationId: context.correlationId)) }
            return await code(FlowStateCore(context: context, continuationToken: token), sentTo, channel, length)
        case .password(let token):
            guard let password else { return failed(FlowErrorMapping.unexpectedAnswer(mismatch, correlationId: context.correlationId)) }
            return await password(FlowStateCore(context: context, continuationToken: token))
        case .rejected(let rejection):
            return failed(context.details(rejection, meaning: meaning))
        case .unexpected(let what):
            return failed(FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId))
        }
    }
}
