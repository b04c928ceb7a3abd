/// Tells whether a host name or address is loopback: the one check behind `http://` authorities,
/// the CLI's "is this the emulator" question and the emulator's admin API peer check.
///
/// Loopback is exactly: `localhost`; an IPv4 address in `127.0.0.0/8` written as four decimal octets
/// (0–255, no sign, no leading zero, so `127.0.0.01` is refused: some parsers read it as octal);
/// the IPv6 loopback `::1` or `0:0:0:0:0:0:0:1`; and the IPv4-mapped form `::ffff:127.x.y.z`.
/// Case does not matter, and an IPv6 form may come in brackets (`[::1]`), as in a URL.
/// Nothing else is: not `127.evil.com`, not `localhost.example.com`, not `127.1`.
package enum LoopbackHost {
    /// Whether `host` (a URL's host, or a peer's address) is loopback.
    package static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        if isIPv4Loopback(host[...]) { return true }
        var address = host[...]
        if address.hasPrefix("["), address.hasSuffix("]"), address.count >= 2 {
            address = address.dropFirst().dropLast()
        }
        if address == "::1" || address == "0:0:0:0:0:0:0:1" { return true }
        let mapped = "::ffff:"
        return address.hasPrefix(mapped) && isIPv4Loopback(address.dropFirst(mapped.count))
    }

    /// Whether `text` is a dotted-decimal IPv4 address in 127.0.0.0/8.
    private static func isIPv4Loopback(_ text: Substring) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy(isOctet)
    }

    /// Whether `text` is a decimal number 0–255 with no sign and no leading zero.
    private static func isOctet(_ text: Substring) -> Bool {
        let digits = Array(text.utf8)
        guard (1...3).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              digits.count == 1 || digits[0] != UInt8(ascii: "0")
        else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
    }
}
