/// The claims of the ID tokens the emulator signs (docs/PROTOCOL.md §10.2, §12): the user, for the
/// app (`aud`), with the authorize request's `nonce` when it had one.
struct IDTokenClaims: Encodable, Sendable {
    let aud: String
    let iss: String
    let iat: Int
    let nbf: Int
    let exp: Int
    let name: String
    let oid: String
    let preferredUsername: String
    let sub: String
    let tid: String
    let ver = "2.0"
    let nonce: String?

    init(aud: String, iss: String, iat: Int, exp: Int, name: String, oid: String, preferredUsername: String,
         sub: String, tid: String, nonce: String?) {
        self.aud = aud
        self.iss = iss
        self.iat = iat
        self.nbf = iat
        self.exp = exp
        self.name = name
        self.oid = oid
        self.preferredUsername = preferredUsername
        self.sub = sub
        self.tid = tid
        self.nonce = nonce
    }

    enum CodingKeys: String, CodingKey {
        case aud, iss, iat, nbf, exp, name, oid
        case preferredUsername = "preferred_username"
        case sub, tid, ver, nonce
    }
}
