/// The claims of the access tokens the emulator signs (docs/PROTOCOL.md §10.2): a v2.0 token for
/// `aud` (the resource the scopes name, or the app itself), with the granted permissions (`scp`),
/// the user, and the authentication contexts the grant asked for (`acrs`).
struct AccessTokenClaims: Encodable, Sendable {
    let aud: String
    let iss: String
    let iat: Int
    let nbf: Int
    let exp: Int
    /// The app that asked.
    let azp: String
    /// `0`: a public client.
    let azpacr = "0"
    let name: String
    let oid: String
    let preferredUsername: String
    let scp: String
    let sub: String
    let tid: String
    /// A unique token identifier.
    let uti: String
    let ver = "2.0"
    let acrs: [String]?

    init(aud: String, iss: String, iat: Int, exp: Int, azp: String, name: String, oid: String, preferredUsername: String,
         scp: String, sub: String, tid: String, uti: String, acrs: [String]?) {
        self.aud = aud
        self.iss = iss
        self.iat = iat
        self.nbf = iat
        self.exp = exp
        self.azp = azp
        self.name = name
        self.oid = oid
        self.preferredUsername = preferredUsername
        self.scp = scp
        self.sub = sub
        self.tid = tid
        self.uti = uti
        self.acrs = acrs
    }

    enum CodingKeys: String, CodingKey {
        case aud, iss, iat, nbf, exp, azp, azpacr, name, oid
        case preferredUsername = "preferred_username"
        case scp, sub, tid, uti, ver, acrs
    }
}
