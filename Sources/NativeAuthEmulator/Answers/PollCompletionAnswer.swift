/// `/resetpassword/v1.0/poll_completion`'s answer (docs/PROTOCOL.md §8): `{"status": "in_progress"}`,
/// or `{"status": "succeeded", "continuation_token", "expires_in"}` with the token that signs the user in.
struct PollCompletionAnswer: ProtocolAnswer {
    /// How far the reset is.
    enum Status: String, Encodable, Sendable {
        case inProgress = "in_progress"
        case succeeded
    }

    let status: Status
    let continuationToken: String?
    let expiresIn: Int?

    /// Still working: poll again.
    static let inProgress = PollCompletionAnswer(status: .inProgress, continuationToken: nil, expiresIn: nil)

    /// Done: the password is changed; `continuationToken` signs the user in within `expiresIn` seconds.
    static func succeeded(continuationToken: String, expiresIn: Int) -> PollCompletionAnswer {
        PollCompletionAnswer(status: .succeeded, continuationToken: continuationToken, expiresIn: expiresIn)
    }

    enum CodingKeys: String, CodingKey {
        case status
        case continuationToken = "continuation_token"
        case expiresIn = "expires_in"
    }
}
