/// What a `/challenge` that must send a code came to: a flow's first challenge after its start, or a
/// resend. A password challenge or an unusable answer is a failure here (password reset's challenge,
/// like MSAL's, takes only `oob`).
enum CodeChallengeOutcome: Sendable {
    /// A code was sent: the state core to submit it on, and where it went.
    case sent(FlowStateCore, sentTo: String, channel: NativeAuthChannelType, codeLength: Int)
    /// No code: the details of the error, and the server's rejection when there was one (a flow
    /// decides from it whether the state it called stays good).
    case failed(NativeAuthErrorDetails, rejection: WireRejection?)
}

extension FlowContext {
    /// POSTs `endpoint` (a `/challenge`) with `continuationToken`, expecting a code to be sent;
    /// `meaning` says what a protocol error is at this step.
    func requestCode(
        _ endpoint: Endpoint, continuationToken: String, meaning: (ServerErrorResponse) -> ErrorMeaning
    ) async -> CodeChallengeOutcome {
        let (answer, context) = await challenge(endpoint, continuationToken: continuationToken)
        switch answer {
        case .code(let token, let sentTo, let channel, let length):
            return .sent(FlowStateCore(context: context, continuationToken: token), sentTo: sentTo, channel: channel, codeLength: length)
        case .password:
            return .failed(FlowErrorMapping.unexpectedAnswer("the server asked for a password instead of sending a code",
                                                             correlationId: context.correlationId), rejection: nil)
        case .rejected(let rejection):
            return .failed(context.details(rejection, meaning: meaning), rejection: rejection)
        case .unexpected(let what):
            return .failed(FlowErrorMapping.unexpectedAnswer(what, correlationId: context.correlationId), rejection: nil)
        }
    }
}
