/// One public key of the JWKS document (`/discovery/v2.0/keys`, RFC 7517 §4):
/// `{"kty": "RSA", "use": "sig", "alg": "RS256", "kid", "n", "e"}`.
struct JSONWebKey: Encodable, Sendable {
    let kty = "RSA"
    let use = "sig"
    let alg = "RS256"
    let kid: String
    /// The modulus, base64url.
    let n: String
    /// The public exponent, base64url.
    let e: String

    init(kid: String, n: String, e: String) {
        self.kid = kid
        self.n = n
        self.e = e
    }
}
