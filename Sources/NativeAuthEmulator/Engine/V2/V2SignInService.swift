/// V2's sign-in journey's first step (the entry's `sign_in`): the user's first factor to challenge
/// (``V2StepService`` takes the challenge and the code or password). A user who signs in only in the
/// browser is answered `webFallbackRequired` (V1's redirect at `/initiate`).
struct V2SignInService: Sendable {
    let core: EmulatorCore

    /// `{"continuationToken", "username"}` → `action: challenge`, `singleFactor`, the user's method.
    func start(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let start = try V2Start(step, core: core)
        let userKey = UserRecord.key(try V2Start.username(step))
        return try core.update { state -> any ProtocolAnswer in
            guard let user = state.users[userKey] else { throw ProtocolError.userNotFound }
            if user.disabled == true { throw ProtocolError.userDisabled }
            if user.browserOnly == true { return HALWebFallbackAnswer() }
            state.flows[start.flowId] = start.record(kind: .signIn, userKey: userKey, stage: .awaitingChallenge)
            return HALMethodsAnswer(challenge: [V2Methods.firstFactor(of: user, hrefs: hrefs)], multiFactor: false, continuationToken: start.token)
        }
    }
}
