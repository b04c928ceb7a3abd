/// A V2 sign-up's page of attributes (`action: collectAttributes`): what to submit next, with the
/// `submitAttributes` link.
struct HALAttributesAnswer: ProtocolAnswer {
    /// One attribute asked for.
    struct Attribute: Encodable, Sendable {
        /// Its programmatic name (`email`, `password`, `displayName`, `extension_…`).
        let attributeId: String
        /// `string`, `boolean` or `int`.
        let type: String
        let required: Bool
        /// The pattern a value must match.
        let validationRegex: String?
    }

    let state = HALState.interactionRequired
    let action = "collectAttributes"
    let continuationToken: String
    let attributes: [Attribute]
    let links: HALLinks

    init(_ attributes: [Attribute], continuationToken: String, submit: HALLink) {
        self.attributes = attributes
        self.continuationToken = continuationToken
        links = HALLinks(submitAttributes: submit)
    }

    enum CodingKeys: String, CodingKey {
        case state, action, continuationToken, attributes
        case links = "_links"
    }
}
