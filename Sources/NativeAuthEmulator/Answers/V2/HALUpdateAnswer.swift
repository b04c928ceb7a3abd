/// A V2 password reset's request for the new password (`action: update`, `type: password`, the
/// empty `payload` the sources show): `PUT` it to the `update` link.
struct HALUpdateAnswer: ProtocolAnswer {
    /// `{}`.
    struct Payload: Encodable, Sendable {}

    let state = HALState.interactionRequired
    let action = "update"
    let continuationToken: String
    let type = "password"
    /// The password method's id.
    let id: String
    let payload = Payload()
    let links: HALLinks

    init(passwordId: String, continuationToken: String, update: HALLink) {
        id = passwordId
        self.continuationToken = continuationToken
        links = HALLinks(update: update)
    }

    enum CodingKeys: String, CodingKey {
        case state, action, continuationToken, type, id, payload
        case links = "_links"
    }
}
