import Crypto
import Foundation
import NativeAuthShared

/// Random values, hashing and constant-time comparison for the emulator's secrets.
enum Secrets {
    /// `count` bytes from the system's cryptographically secure generator.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// A random numeric code of `length` digits (leading zeros allowed).
    static func numericCode(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// A random opaque token: base64url of `byteCount` random bytes.
    static func opaqueToken(byteCount: Int = 32) -> String {
        Base64URL.encode(randomBytes(byteCount))
    }

    /// Lower-case hex SHA-256 of a string's UTF-8 bytes.
    static func sha256Hex(_ text: String) -> String {
        HexText.lowercase(SHA256.hash(data: Data(text.utf8)))
    }

    /// Compares two strings in time that depends only on their lengths, not on where they differ.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        let count = max(a.count, b.count)
        for index in 0..<count {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
