import Crypto
import _CryptoExtras
import Foundation

/// Measures raw RS256 (RSA-2048, PKCS#1 v1.5) signatures per second on one thread, to show how much
/// of a sign-in's cost is the two token signatures.
enum RSAProbe {
    static func run(seconds: Double) throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let digest = SHA256.hash(data: Data("header.claims".utf8))
        let deadline = Date().addingTimeInterval(seconds)
        var count = 0
        while Date() < deadline {
            _ = try key.signature(for: digest, padding: .insecurePKCS1v1_5)
            count += 1
        }
        print(String(format: "RSA-2048 PKCS#1 v1.5 signatures on one thread: %.0f/s", Double(count) / seconds))
    }
}
