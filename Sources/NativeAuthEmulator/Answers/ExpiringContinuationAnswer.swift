/// `{"continuation_token", "expires_in"}`: a password reset's code was right; the token for
/// `/resetpassword/v1.0/submit` and its lifetime in seconds (docs/PROTOCOL.md §8).
struct ExpiringContinuationAnswer: ProtocolAnswer {
    let continuationToken: String
    let expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case expiresIn = "expires_in"
    }
}
