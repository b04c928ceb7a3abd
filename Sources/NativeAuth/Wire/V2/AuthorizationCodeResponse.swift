/// What `/oauth2/v2.0/authorize-challenge` answers a journey that reached `state: continue`: the
/// authorization code `/token` exchanges (`code`; Android also reads `authorizationCode`).
struct AuthorizationCodeResponse: Decodable, Sendable, Equatable {
    let code: String

    init(code: String) {
        self.code = code
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        guard let code = object.string("code") ?? object.string("authorizationCode"), !code.isEmpty else {
            throw DecodingError.keyNotFound(AnyKey("code"), .init(codingPath: [], debugDescription: "no authorization code"))
        }
        self.code = code
    }
}
