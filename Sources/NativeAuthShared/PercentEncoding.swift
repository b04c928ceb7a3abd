/// Percent-encoding (RFC 3986 §2.1) with an explicit set of bytes left as they are: what Foundation's
/// `addingPercentEncoding(withAllowedCharacters:)` and `removingPercentEncoding` do, without
/// Foundation (NativeAuth uses FoundationEssentials on Linux, which has neither).
///
/// ```swift
/// PercentEncoding.encode("a b&c", keeping: PercentEncoding.unreserved)   // "a%20b%26c"
/// PercentEncoding.decode("a%20b%26c")                                    // "a b&c"
/// ```
package enum PercentEncoding {
    /// RFC 3986's unreserved characters: `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`.
    package static let unreserved: Set<UInt8> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `text` with every UTF-8 byte not in `kept` written as `%XX` (upper-case hexadecimal digits).
    package static func encode(_ text: String, keeping kept: Set<UInt8>) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every `%XX` replaced by the byte it stands for; nil when a `%` is not followed by
    /// two hexadecimal digits or the bytes are not UTF-8 (as Foundation's `removingPercentEncoding`).
    /// A `+` stays a `+` (form bodies turn it into a space first).
    package static func decode<Text: StringProtocol>(_ text: Text) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The value of the hexadecimal digit `digit` (`0`–`9`, `a`–`f`, `A`–`F`), or nil for another byte.
    package static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
