/// Proof Key for Code Exchange (RFC 7636) with the `S256` method: what the library sends and what
/// the emulator checks, computed by one function.
///
/// ```swift
/// let verifier = PKCE.makeVerifier()                 // 43 characters of [A-Za-z0-9-_]
/// let challenge = PKCE.challenge(for: verifier)      // BASE64URL(SHA256(verifier)), unpadded
/// ```
package enum PKCE {
    /// The only method this project sends or accepts.
    package static let method = "S256"

    /// `BASE64URL(SHA256(ASCII(verifier)))` without padding (RFC 7636 §4.2).
    package static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256Hash.digest(Array(verifier.utf8)))
    }

    /// A new verifier: 32 bytes from the system's secure generator, base64url (43 characters, within
    /// RFC 7636's 43–128 of `[A-Za-z0-9-._~]`).
    package static func makeVerifier() -> String {
        randomToken(byteCount: 32)
    }

    /// A random URL-safe value of `byteCount` random bytes (for `state` and `nonce` too).
    package static func randomToken(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        while bytes.count < byteCount {
            let word = generator.next() as UInt64
            for shift in stride(from: 0, to: 64, by: 8) where bytes.count < byteCount {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return Base64URL.encode(bytes)
    }

    /// Whether `verifier` has RFC 7636's form: 43–128 characters of `[A-Za-z0-9-._~]`.
    package static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
        }
    }
}
