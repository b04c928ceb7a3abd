/// A V2 password reset still in progress (`action: poll`): poll the `poll` link again with the
/// answer's continuation token.
struct HALPollAnswer: ProtocolAnswer {
    let state = HALState.interactionRequired
    let action = "poll"
    let continuationToken: String
    let links: HALLinks

    init(continuationToken: String, poll: HALLink) {
        self.continuationToken = continuationToken
        links = HALLinks(poll: poll)
    }

    enum CodingKeys: String, CodingKey {
        case state, action, continuationToken
        case links = "_links"
    }
}
