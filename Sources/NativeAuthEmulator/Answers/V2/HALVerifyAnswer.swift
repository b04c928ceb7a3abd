/// A V2 answer that asks for a secret: the code just sent (`action: verify`, with `hint`,
/// `codeLength` and a `resend` link), the password (`verify`, `type: password`, neither hint nor
/// code length: that absence is how clients tell it from a code), or the code sent to a contact being
/// registered (`action: activate`, without a resend link: enrolling again resends).
struct HALVerifyAnswer: ProtocolAnswer {
    let state = HALState.interactionRequired
    /// `verify` or `activate`.
    let action: String
    let continuationToken: String
    /// The method: `email`, `sms` or `password`.
    let type: String
    /// The method's id (none for a contact being registered: its channel is its type).
    let id: String?
    /// Where the code went, masked.
    let hint: String?
    let codeLength: Int?
    let links: HALLinks

    /// A code was sent on the method `type`/`id`.
    init(codeSentOn type: String, id: String, hint: String, codeLength: Int, continuationToken: String, verify: HALLink, resend: HALLink) {
        action = "verify"
        self.continuationToken = continuationToken
        self.type = type
        self.id = id
        self.hint = hint
        self.codeLength = codeLength
        links = HALLinks(verify: verify, resend: resend)
    }

    /// A code was sent to the contact being registered on the channel `type` (enrolling again resends).
    init(activating type: String, hint: String, codeLength: Int, continuationToken: String, activate: HALLink) {
        action = "activate"
        self.continuationToken = continuationToken
        self.type = type
        id = nil
        self.hint = hint
        self.codeLength = codeLength
        links = HALLinks(activate: activate)
    }

    /// The password is asked for.
    init(passwordOf id: String, continuationToken: String, verify: HALLink) {
        action = "verify"
        self.continuationToken = continuationToken
        type = "password"
        self.id = id
        hint = nil
        codeLength = nil
        links = HALLinks(verify: verify)
    }

    enum CodingKeys: String, CodingKey {
        case state, action, continuationToken, type, id, hint, codeLength
        case links = "_links"
    }
}
