/// `/resetpassword/v1.0/submit`'s answer, `{"continuation_token", "poll_interval"}`: the new password
/// is taken; poll `/resetpassword/v1.0/poll_completion` every `poll_interval` seconds (docs/PROTOCOL.md §8).
struct PollIntervalAnswer: ProtocolAnswer {
    let continuationToken: String
    let pollInterval: Int

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case pollInterval = "poll_interval"
    }
}
