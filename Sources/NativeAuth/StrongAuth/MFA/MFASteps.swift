/// What the second factor does on the wire, written once per API: ``MFAFlow`` speaks V1,
/// ``MFAJourney`` V2. The public states run their calls through the one the configuration's
/// ``NativeAuthAPI`` chose (``ApplicationEnvironment/mfa``).
protocol MFASteps {
    /// Sends a code on `method`: the first challenge, or (`again`) another once a code was sent.
    static func requestChallenge(_ method: AuthMethod, on core: FlowStateCore, again: Bool)
        async -> StepOutcome<MFARequestChallengeResult, MFARequestChallengeError>
    static func submitChallenge(_ code: String, on core: FlowStateCore) async -> StepOutcome<MFASubmitChallengeResult, MFASubmitChallengeError>
}

extension ApplicationEnvironment {
    /// The second factor's steps for the configured API: chosen here, once.
    var mfa: any MFASteps.Type { api.choose(v1: MFAFlow.self, v2: MFAJourney.self) }
}
