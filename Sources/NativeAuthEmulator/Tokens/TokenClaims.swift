/// The claims of a token the emulator signs (docs/PROTOCOL.md §10.2, §12): a v2.0 token about a
/// user, for `aud`, issued at `iat` and good until `exp`. An access token adds the app that asked
/// (`azp`, `azpacr`), the permissions (`scp`), its own ID (`uti`) and the authentication contexts
/// the grant asked for (`acrs`); an ID token the authorize request's `nonce`.
struct TokenClaims: Encodable, Sendable {
    let aud: String
    let iss: String
    let iat: Int
    let nbf: Int
    let exp: Int
    let name: String
    let oid: String
    let preferredUsername: String
    /// Pairwise: one per user and app.
    let sub: String
    let tid: String
    let ver = "2.0"
    /// The app that asked (access tokens).
    var azp: String?
    /// `0`: a public client (access tokens).
    var azpacr: String?
    /// The granted permissions, space-separated (access tokens).
    var scp: String?
    /// A unique token identifier (access tokens).
    var uti: String?
    /// The authentication contexts asked for (access tokens, when any).
    var acrs: [String]?
    /// The authorize request's `nonce` (ID tokens, when it had one).
    var nonce: String?

    init(aud: String, iss: String, iat: Int, exp: Int, name: String, oid: String, preferredUsername: String, sub: String, tid: String) {
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
    }

    enum CodingKeys: String, CodingKey {
        case aud, iss, iat, nbf, exp, name, oid
        case preferredUsername = "preferred_username"
        case sub, tid, ver, azp, azpacr, scp, uti, acrs, nonce
    }
}
