/// `{"continuation_token", "challenge_type"}`: a challenge that sends nothing and names what comes
/// next: `password` (sign-in and sign-up ask for the password) or `preverified` (registration of the
/// address a sign-up has just verified).
struct ChallengeTypeAnswer: ProtocolAnswer {
    /// What the next request proves.
    enum ChallengeType: String, Encodable, Sendable {
        case password, preverified
    }

    let continuationToken: String
    let challengeType: ChallengeType

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case challengeType = "challenge_type"
    }
}
