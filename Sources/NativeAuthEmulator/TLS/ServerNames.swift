import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SwiftASN1
import X509

/// The names an HTTPS emulator's server certificate carries, and the only names the CA that signs it
/// may sign for (RFC 5280 name constraints, critical).
///
/// On loopback (the default) they are `localhost`, `127.0.0.1` and `::1`, signed by the emulator's
/// CA, which is constrained to loopback (``EmulatorCertificateAuthority/loopbackNames``). Listening
/// beyond loopback (``EmulatorConfiguration/host``), other machines connect by the machine's address
/// or name, so the certificate names those too, and a CA of its own signs it, constrained to exactly
/// them: whoever trusts it trusts it for this machine and nothing else.
struct ServerNames: Equatable, Sendable {
    /// DNS names (lower case).
    var dnsNames: [String]
    /// IP addresses: 4 bytes (IPv4) or 16 (IPv6).
    var addresses: [[UInt8]]

    /// `::1`'s 16 bytes.
    static let ipv6Loopback = [UInt8](repeating: 0, count: 15) + [1]

    /// `localhost`, `127.0.0.1` and `::1`.
    static let loopback = ServerNames(dnsNames: ["localhost"], addresses: [[127, 0, 0, 1], ipv6Loopback])

    /// The names of an emulator listening on `host`: loopback's, and beyond loopback the address
    /// itself, or, for every address (`0.0.0.0`, `::`), the machine's name and the addresses of its
    /// interfaces (not loopback's, not IPv6 link-local ones, which name no machine without a scope).
    static func listening(on host: String) -> ServerNames {
        var names = loopback
        if let address = parse(host) {
            if address.allSatisfy({ $0 == 0 }) {
                names.add(dnsName: machineName())
                interfaceAddresses().forEach { names.add(address: $0) }
            } else {
                names.add(address: address)
            }
        } else {
            names.add(dnsName: host)
        }
        return names
    }

    /// The host an emulator listening on `host` names in its URLs (its authority, issuer, discovery
    /// document): `host` itself, in brackets when it is an IPv6 address; for every address
    /// (`0.0.0.0`, `::`), the machine's first IPv4 address beyond loopback, which other machines can
    /// reach and the certificate names (`127.0.0.1` when it has none).
    static func advertisedHost(listeningOn host: String) -> String {
        guard let address = parse(host) else { return host }
        if address.allSatisfy({ $0 == 0 }) {
            return interfaceAddresses().first { $0.count == 4 }.map(text(of:)) ?? "127.0.0.1"
        }
        return address.count == 16 ? "[\(host)]" : host
    }

    /// An address's text (IPv4 dotted, IPv6 without brackets).
    private static func text(of address: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return "127.0.0.1" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether these are loopback's names alone.
    var isLoopbackOnly: Bool { self == Self.loopback }

    /// The certificate's subject alternative names.
    var subjectAlternativeNames: SubjectAlternativeNames {
        SubjectAlternativeNames(dnsNames.map { .dnsName($0) } + addresses.map { .ipAddress(ASN1OctetString(contentBytes: ArraySlice($0))) })
    }

    /// Name constraints that permit exactly these names (each address with a full mask).
    var constraints: NameConstraints {
        NameConstraints(
            permittedDNSDomains: dnsNames,
            permittedIPRanges: addresses.map { ASN1OctetString(contentBytes: ArraySlice($0 + [UInt8](repeating: 0xFF, count: $0.count))) })
    }

    private mutating func add(dnsName: String?) {
        guard let name = dnsName?.lowercased(), !name.isEmpty, name != "localhost", !dnsNames.contains(name),
              name.count <= 253, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
        else { return }
        dnsNames.append(name)
    }

    private mutating func add(address: [UInt8]) {
        if !addresses.contains(address) { addresses.append(address) }
    }

    /// The bytes of an IPv4 or IPv6 address written as text, or nil for a name.
    static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// This machine's host name.
    private static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The addresses of this machine's interfaces, beyond loopback, without IPv6 link-local ones.
    private static func interfaceAddresses() -> [[UInt8]] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [[UInt8]] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    var value = pointer.pointee.sin_addr
                    return withUnsafeBytes(of: &value) { Array($0) }
                }
                if bytes[0] != 127 { found.append(bytes) }
            case AF_INET6:
                let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var value = pointer.pointee.sin6_addr
                    return withUnsafeBytes(of: &value) { Array($0) }
                }
                let loopback = bytes == ipv6Loopback
                let linkLocal = bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
                if !loopback, !linkLocal { found.append(bytes) }
            default:
                continue
            }
        }
        return found
    }
}
