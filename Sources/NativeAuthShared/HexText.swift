/// Bytes written as lower-case hexadecimal text, two digits a byte: hashes in names, identifiers.
package enum HexText {
    /// `bytes` as lower-case hexadecimal (`[0x0f, 0xa0]` is `"0fa0"`).
    package static func lowercase<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
