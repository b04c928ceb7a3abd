/// A V2 answer that asks for a secret: the code just sent (`action: verify`, with `hint`,
/// `codeLength` and a `resend` link), the password (`verify`, `type: password`, neither hint nor
/// code length: that absence is how clients tell it from a code), or the code sent to a contact being
/// registered (`action: activate`).
struct HALVerifyAnswer: ProtocolAnswer {
    let state = HALState.interactionRequired
    /// `verify` or `activate`.
    let action: String
    let continuationToken: String
    /// The method: `email`, `sms` or `password`.
    let type: String
    let id: String
    /// Where the code went, masked.
    let hint: String?
    let codeLength: Int?
    let links: HALLinks

    /// A code was sent on the method (`verify`), or to the contact being registered (`activate`).
    init(codeSentOn type: String, id: String, hint: String, codeLength: Int, continuationToken: String, submit: HALLink,
         resend: HALLink, registering: Bool = false) {
        action = registering ? "activate" : "verify"
        self.continuationToken = continuationToken
        self.type = type
        self.id = id
        self.hint = hint
        self.codeLength = codeLength
        links = registering ? HALLinks(resend: resend, activate: submit) : HALLinks(verify: submit, resend: resend)
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
