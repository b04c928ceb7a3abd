/// `{"code"}`: `authorize-challenge`'s answer to a finished journey's continuation token, the
/// authorization code `/token` exchanges (`grant_type=authorization_code`).
struct AuthorizationCodeAnswer: ProtocolAnswer {
    let code: String
}
