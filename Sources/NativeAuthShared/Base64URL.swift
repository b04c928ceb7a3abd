#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64url (RFC 4648 §5): the URL-safe alphabet (`-` and `_` instead of `+` and `/`), as used by
/// JWTs, JWKS, `client_info` and the emulator's opaque tokens.
///
/// Encoding writes no padding. ``decode(_:)`` is strict about the alphabet and the
/// length, and accepts the text either unpadded (as JWTs are) or with exactly the `=` padding that
/// completes the last group of four (as some servers send `client_info`).
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The unpadded base64url text of `bytes`.
    package static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var out = [UInt8]()
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            out.append(alphabet[Int(chunk >> 6 & 63)])
            out.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let remaining = input.count - index
        if remaining == 1 {
            let chunk = UInt32(input[index]) << 16
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
        } else if remaining == 2 {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            out.append(alphabet[Int(chunk >> 6 & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The unpadded base64url text of the UTF-8 bytes of `string`.
    package static func encode(_ string: String) -> String {
        encode(string.utf8)
    }

    /// The bytes of base64url `text`, or nil when it is not valid base64url.
    ///
    /// Refused: characters outside the url alphabet (including `+`, `/`, white space), a length that
    /// cannot encode whole bytes (one character left over), non-zero bits left over in the last
    /// character, and `=` anywhere but as the exact padding of the last group (`QQ==`, `QUI=`).
    package static func decode<Text: StringProtocol>(_ text: Text) -> Data? {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var characters = 0
        var padding = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            // A character after padding: the padding was not at the end.
            guard padding == 0 else { return nil }
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bits += 6
            characters += 1
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // Padding, when present, must complete the last group of four exactly.
        if padding > 0, padding != (4 - characters % 4) % 4 || padding > 2 { return nil }
        // A single leftover character (6 bits) cannot encode a byte; leftover bits must be zero.
        if bits >= 6 || accumulator & ((1 << UInt32(bits)) - 1) != 0 { return nil }
        return Data(out)
    }
}
