/// Where a flow stands in a strong authentication (MFA or a method registration), kept on its
/// ``FlowRecord`` from the `mfa_required` or `registration_required` answer until the tokens.
struct StrongAuthProgress: Codable, Sendable {
    /// MFA: the method the last `/oauth2/v2.0/challenge` sent a code on.
    var methodId: String?
    /// Registration: the method being registered and its contact, once `/register/v1.0/challenge` accepted them.
    var pendingChannel: StrongAuthMethod.Channel?
    var pendingTarget: String?
    /// The second factor was proved, or a method registered: no further strong authentication in this flow.
    var satisfied: Bool
}
