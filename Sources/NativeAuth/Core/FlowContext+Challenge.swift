extension FlowContext {
    /// POSTs a `/challenge` of any flow (sign-in's, sign-up's, password reset's: they take the same
    /// fields and answer in the same shapes) with the app's challenge types, and reads the answer.
    ///
    /// Used for the first challenge of a flow, for a resend (the same call with the current token),
    /// and after sign-up's `credential_required`.
    func challenge(_ endpoint: Endpoint, continuationToken: String) async -> (ChallengeAnswer, FlowContext) {
        let fields = [("continuation_token", continuationToken), ("challenge_type", environment.challengeTypes.wireValue)]
        let (outcome, context) = await post(endpoint, fields, as: ChallengeResponse.self)
        return (ChallengeAnswer(outcome), context)
    }
}
