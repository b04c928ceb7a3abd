import Crypto
import _CryptoExtras
import Foundation
import NativeAuthShared

/// The emulator's RS256 signing key and its public JWK.
struct SigningKey: Sendable {
    let privateKey: _RSA.Signing.PrivateKey
    /// Key ID: base64url of the first 16 bytes of SHA-256 over the modulus.
    let kid: String
    /// Base64url modulus and exponent, for the JWKS.
    let modulus: String
    let exponent: String
    /// The base64url JOSE header of every token it signs, `{"alg":"RS256","kid":…,"typ":"JWT"}`.
    private let encodedHeader: String

    init(privateKey: _RSA.Signing.PrivateKey) throws {
        self.privateKey = privateKey
        let primitives = try privateKey.publicKey.getKeyPrimitives()
        self.modulus = Base64URL.encode(primitives.modulus)
        self.exponent = Base64URL.encode(primitives.publicExponent)
        self.kid = Base64URL.encode(Data(SHA256.hash(data: primitives.modulus)).prefix(16))
        self.encodedHeader = Base64URL.encode(try JSONText.data(JOSEHeader(kid: kid)))
    }

    /// A new 2048-bit key.
    static func generate() throws -> SigningKey {
        try SigningKey(privateKey: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }

    /// Loads a PEM key (PKCS#8 or PKCS#1).
    init(pem: String) throws {
        try self.init(privateKey: _RSA.Signing.PrivateKey(pemRepresentation: pem))
    }

    /// The PKCS#8 PEM text stored in the state directory.
    var pem: String {
        privateKey.pkcs8PEMRepresentation
    }

    /// The public key as the JWKS document lists it.
    var jwk: JSONWebKey {
        JSONWebKey(kid: kid, n: modulus, e: exponent)
    }

    /// A compact RS256 JWT for the given claims.
    func sign(claims: some Encodable) throws -> String {
        let signingInput = encodedHeader + "." + Base64URL.encode(try JSONText.data(claims))
        let signature = try privateKey.signature(for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }
}

/// A JWT's JOSE header: `{"alg": "RS256", "kid", "typ": "JWT"}`.
private struct JOSEHeader: Encodable {
    let alg = "RS256"
    let kid: String
    let typ = "JWT"
}

/// One key per process for in-memory emulators, so that tests starting many emulators pay for
/// RSA key generation once. Emulators with a state directory keep their own key on disk.
enum SharedInMemoryKey {
    private static let cached = Locked<SigningKey?>(nil)

    static func get() throws -> SigningKey {
        try cached.withLock { key in
            if let key { return key }
            let fresh = try SigningKey.generate()
            key = fresh
            return fresh
        }
    }
}
