import Crypto
import _CryptoExtras
import Foundation
import NativeAuthShared

/// Salted PBKDF2-HMAC-SHA256 password hashes: `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64url parts).
///
/// The round count is modest (an emulator seeds users on every in-memory start); the format carries
/// it, so stored hashes stay valid if it changes.
enum PasswordHasher {
    static let rounds = 10_000
    private static let prefix = "pbkdf2-sha256"

    static func hash(_ password: String) -> String {
        let salt = Secrets.randomBytes(16)
        let derived = derive(password, salt: salt, rounds: rounds)
        return [prefix, String(rounds), Base64URL.encode(salt), Base64URL.encode(derived)].joined(separator: "$")
    }

    /// Checks a password against a stored hash in constant time.
    static func verify(_ password: String, against stored: String) -> Bool {
        guard let (rounds, salt, expected) = parse(stored) else { return false }
        let derived = derive(password, salt: Array(salt), rounds: rounds)
        return Secrets.constantTimeEquals(Base64URL.encode(derived), Base64URL.encode(expected))
    }

    static func isWellFormed(_ stored: String) -> Bool {
        parse(stored) != nil
    }

    private static func parse(_ stored: String) -> (Int, Data, Data)? {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == prefix, let rounds = Int(parts[1]), rounds > 0, rounds <= 10_000_000,
              let salt = Base64URL.decode(parts[2]), let hash = Base64URL.decode(parts[3]), hash.count == 32
        else { return nil }
        return (rounds, salt, hash)
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int) -> Data {
        let key = (try? KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds))
        return key.map { $0.withUnsafeBytes { Data($0) } } ?? Data()
    }
}
