/// `{"continuation_token"}`: a flow's first token (`/initiate`, `/signup/v1.0/start`,
/// `/resetpassword/v1.0/start`), or the token of a step that is done (a sign-up or a registration
/// complete, ready for the `continuation_token` grant).
struct ContinuationAnswer: ProtocolAnswer {
    let continuationToken: String

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
    }
}
