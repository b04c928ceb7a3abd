/// The end of every V2 journey's work (a first factor proved, an account created, a password reset
/// done): the strong authentication the user still owes, else `state: continue`. The decision is
/// V1's (``StrongAuthGate``); V2 asks for it in the journey itself, with no capability to advertise:
/// a second factor is MFA's method list (`multiFactor`), a method to register the `enroll` list.
enum V2Completion {
    /// Answers what `flow` (of `user`) comes to, with its next token: MFA, a registration, or
    /// `continue` (the flow then waits for `authorize-challenge`). `tokenLifetime` is the lifetime
    /// of the `continue` token (a password reset's are shorter).
    static func finish(_ flow: inout FlowRecord, user: UserRecord, now: Double, configuration: EmulatorConfiguration,
                       hrefs: V2Hrefs, tokenLifetime: Double? = nil) -> any ProtocolAnswer {
        if let requirement = StrongAuthGate.requirement(of: flow, user: user, contextDemands: false) {
            let next = StrongAuthGate.begin(requirement, on: &flow, now: now, configuration: configuration)
            switch requirement {
            case .mfa:
                flow.stage = .mfaChallenge
                return HALMethodsAnswer(challenge: V2Methods.secondFactors(of: user, hrefs: hrefs), multiFactor: true, continuationToken: next)
            case .registration:
                flow.stage = .registrationChallenge
                return HALMethodsAnswer(enroll: V2Methods.registrable(by: user, hrefs: hrefs), enroll: hrefs.link(.enroll), continuationToken: next)
            }
        }
        let next = flow.rotateToken(now: now, lifetime: tokenLifetime ?? configuration.continuationTokenLifetime)
        flow.stage = .readyForSignIn
        return HALContinueAnswer(continuationToken: next, continue: hrefs.authorizeChallenge)
    }
}
