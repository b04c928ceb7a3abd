/// The one-time-passcode block (docs/PROTOCOL.md §6.2, §7.2, §9): a code was sent, type it.
/// `challenge_target_label` is the masked address or number (sign-in, sign-up, password reset, MFA);
/// registration names the contact it sent to as `challenge_target` instead. A sign-up's adds the
/// seconds to wait before a resend (`interval`).
struct CodeSentAnswer: ProtocolAnswer {
    let continuationToken: String
    let challengeType = "oob"
    let bindingMethod = "prompt"
    /// `email` or `sms`.
    let challengeChannel: String
    let challengeTargetLabel: String?
    let challengeTarget: String?
    let codeLength: Int
    private(set) var interval: Int?

    /// A code sent to the masked `label`.
    init(continuationToken: String, channel: String, label: String, codeLength: Int, interval: Int? = nil) {
        self.continuationToken = continuationToken
        self.challengeChannel = channel
        self.challengeTargetLabel = label
        self.challengeTarget = nil
        self.codeLength = codeLength
        self.interval = interval
    }

    /// A code sent to the contact being registered, `target`, named as the client gave it.
    init(continuationToken: String, channel: String, registering target: String, codeLength: Int) {
        self.continuationToken = continuationToken
        self.challengeChannel = channel
        self.challengeTargetLabel = nil
        self.challengeTarget = target
        self.codeLength = codeLength
        self.interval = nil
    }

    /// The same answer with the sign-up's resend `interval`.
    func withInterval(_ seconds: Int) -> CodeSentAnswer {
        var answer = self
        answer.interval = seconds
        return answer
    }

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case challengeType = "challenge_type"
        case bindingMethod = "binding_method"
        case challengeChannel = "challenge_channel"
        case challengeTargetLabel = "challenge_target_label"
        case challengeTarget = "challenge_target"
        case codeLength = "code_length"
        case interval
    }
}
