import Foundation
import NativeAuthShared

/// The text of a stored password hash, `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64url salt and 32-byte
/// hash), read without any cryptography.
///
/// The round count is capped at ``maximumRounds``: a hash is checked outside the state lock, but an
/// imported hash of ten million rounds would still stall its request (and its thread) for seconds.
struct PasswordHashFormat: Sendable, Equatable {
    static let prefix = "pbkdf2-sha256"
    /// The most rounds a stored or imported hash may have.
    static let maximumRounds = 1_000_000

    var rounds: Int
    var salt: Data
    var hash: Data

    /// Parses `stored`, or returns nil when it is not a well-formed hash within the round cap.
    init?(_ stored: String) {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == Self.prefix, parts[1].count <= 8, let rounds = Int(parts[1]),
              (1...Self.maximumRounds).contains(rounds),
              let salt = Base64URL.decode(parts[2]), !salt.isEmpty, salt.count <= 64,
              let hash = Base64URL.decode(parts[3]), hash.count == 32
        else { return nil }
        self.rounds = rounds
        self.salt = salt
        self.hash = hash
    }

    init(rounds: Int, salt: Data, hash: Data) {
        self.rounds = rounds
        self.salt = salt
        self.hash = hash
    }

    /// The stored text.
    var text: String {
        [Self.prefix, String(rounds), Base64URL.encode(salt), Base64URL.encode(hash)].joined(separator: "$")
    }
}
