import Crypto
import _CryptoExtras
import Foundation
import NativeAuthShared

/// Salted PBKDF2-HMAC-SHA256 password hashes: `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64url parts,
/// see ``PasswordHashFormat``).
///
/// The round count is modest (an emulator seeds users on every in-memory start); the format carries
/// it, so stored hashes stay valid if it changes. Hashes are checked outside the state lock, so a
/// slow check never holds up other requests.
enum PasswordHasher {
    static let rounds = 10_000

    static func hash(_ password: String) -> String {
        let salt = Secrets.randomBytes(16)
        let derived = derive(password, salt: salt, rounds: rounds)
        return PasswordHashFormat(rounds: rounds, salt: Data(salt), hash: derived).text
    }

    /// Checks a password against a stored hash in constant time.
    static func verify(_ password: String, against stored: String) -> Bool {
        guard let format = PasswordHashFormat(stored) else { return false }
        let derived = derive(password, salt: Array(format.salt), rounds: format.rounds)
        return Secrets.constantTimeEquals(Base64URL.encode(derived), Base64URL.encode(format.hash))
    }

    static func isWellFormed(_ stored: String) -> Bool {
        PasswordHashFormat(stored) != nil
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int) -> Data {
        let key = (try? KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds))
        return key.map { $0.withUnsafeBytes { Data($0) } } ?? Data()
    }
}
