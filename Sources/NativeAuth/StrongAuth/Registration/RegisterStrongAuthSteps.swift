/// What registering a strong-authentication method does on the wire, written once per API:
/// ``RegisterStrongAuthFlow`` speaks V1, ``RegisterStrongAuthJourney`` V2. The public states run their
/// calls through the one the configuration's ``NativeAuthAPI`` chose (``ApplicationEnvironment/registration``).
protocol RegisterStrongAuthSteps {
    /// Challenges the contact of `parameters`: the first time, or (`again`) once a code was sent.
    static func challenge(_ parameters: NativeAuthChallengeAuthMethodParameters, on core: FlowStateCore, again: Bool)
        async -> StepOutcome<RegisterStrongAuthChallengeResult, RegisterStrongAuthChallengeError>
    static func submit(_ code: String, on core: FlowStateCore)
        async -> StepOutcome<RegisterStrongAuthSubmitChallengeResult, RegisterStrongAuthSubmitChallengeError>
}

extension ApplicationEnvironment {
    /// The registration's steps for the configured API: chosen here, once.
    var registration: any RegisterStrongAuthSteps.Type { api.choose(v1: RegisterStrongAuthFlow.self, v2: RegisterStrongAuthJourney.self) }
}
