import Crypto
import _CryptoExtras
import Foundation
import NativeAuthShared

/// A decoded compact JWT, for assertions.
struct JWT {
    let header: [String: Any]
    let claims: [String: Any]
    let signingInput: String
    let signature: Data

    struct Malformed: Error {}

    init(_ compact: String) throws {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3,
              let header = Base64URL.decode(parts[0]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }),
              let claims = Base64URL.decode(parts[1]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }),
              let signature = Base64URL.decode(parts[2])
        else { throw Malformed() }
        self.header = header
        self.claims = claims
        self.signingInput = parts[0] + "." + parts[1]
        self.signature = signature
    }

    /// Verifies the RS256 signature with a JWK (`n`, `e`).
    func verifies(with jwk: [String: Any]) throws -> Bool {
        guard let n = (jwk["n"] as? String).flatMap(Base64URL.decode),
              let e = (jwk["e"] as? String).flatMap(Base64URL.decode)
        else { return false }
        let key = try _RSA.Signing.PublicKey(n: n, e: e)
        return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature),
                                    for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
    }
}
