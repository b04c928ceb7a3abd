/// A V2 answer that lists methods to pick one of (`_embedded.methods`): a journey's first factors
/// (`action: challenge`, `challengeContext.authenticationFactor: singleFactor`), the second factors
/// of MFA (`multiFactor`), or the methods a user may register (`action: enroll`, with the answer's
/// own `enroll` link for a contact of any channel).
struct HALMethodsAnswer: ProtocolAnswer {
    /// One method: what it is, where its codes go (masked), and its link.
    struct Method: Encodable, Sendable {
        let id: String
        /// `email`, `sms` or `password`.
        let type: String
        let hint: String?
        let links: HALLinks

        enum CodingKeys: String, CodingKey {
            case id, type, hint
            case links = "_links"
        }
    }

    /// `{"authenticationFactor"}`.
    struct ChallengeContext: Encodable, Sendable {
        /// `singleFactor` or `multiFactor`.
        let authenticationFactor: String
    }

    /// `{"methods"}`.
    struct Embedded: Encodable, Sendable {
        let methods: [Method]
    }

    let state = HALState.interactionRequired
    /// `challenge` or `enroll`.
    let action: String
    let continuationToken: String
    let challengeContext: ChallengeContext?
    let embedded: Embedded
    let links: HALLinks?

    /// First or second factors to challenge (`multiFactor`: the second).
    init(challenge methods: [Method], multiFactor: Bool, continuationToken: String) {
        action = "challenge"
        self.continuationToken = continuationToken
        challengeContext = ChallengeContext(authenticationFactor: multiFactor ? "multiFactor" : "singleFactor")
        embedded = Embedded(methods: methods)
        links = nil
    }

    /// Methods to register a contact for, and the answer's own `enroll` link.
    init(enroll methods: [Method], enroll: HALLink, continuationToken: String) {
        action = "enroll"
        self.continuationToken = continuationToken
        challengeContext = nil
        embedded = Embedded(methods: methods)
        links = HALLinks(enroll: enroll)
    }

    enum CodingKeys: String, CodingKey {
        case state, action, continuationToken, challengeContext
        case embedded = "_embedded"
        case links = "_links"
    }
}
