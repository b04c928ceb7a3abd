/// `/oauth2/v2.0/introspect` and `/register/v1.0/introspect` (docs/PROTOCOL.md §9):
/// `{"continuation_token", "methods": [{"id", "challenge_type", "challenge_channel", "login_hint"}]}`,
/// the second factors to choose from, or the kinds of contact to register.
struct StrongAuthMethodsAnswer: ProtocolAnswer {
    /// One method: `login_hint` is the masked address or number (none for a kind of contact to register
    /// that the user has not named yet).
    struct Method: Encodable, Sendable {
        let id: String
        let challengeType = "oob"
        /// `email` or `sms`.
        let challengeChannel: String
        let loginHint: String?

        init(id: String, channel: String, loginHint: String?) {
            self.id = id
            self.challengeChannel = channel
            self.loginHint = loginHint
        }

        enum CodingKeys: String, CodingKey {
            case id
            case challengeType = "challenge_type"
            case challengeChannel = "challenge_channel"
            case loginHint = "login_hint"
        }
    }

    let continuationToken: String
    let methods: [Method]

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case methods
    }
}
