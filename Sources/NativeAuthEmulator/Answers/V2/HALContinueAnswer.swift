/// A V2 journey done (`state: continue`): post its continuation token to the `continue` link
/// (`authorize-challenge`) for an authorization code.
struct HALContinueAnswer: ProtocolAnswer {
    let state = HALState.continue
    let continuationToken: String
    let links: HALLinks

    init(continuationToken: String, continue link: HALLink) {
        self.continuationToken = continuationToken
        links = HALLinks(continue: link)
    }

    enum CodingKeys: String, CodingKey {
        case state, continuationToken
        case links = "_links"
    }
}
