#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Turns an href a V2 server returned into the URL a request may be sent to, with the strictest rules
/// among MSAL's SDKs (Android's `NativeAuthV2HrefResolver`; docs/PROTOCOL.md, part V2): requests to
/// hrefs carry continuation tokens, codes and passwords, so an href that could send them anywhere but
/// the configured authority is refused, and nothing is sent.
///
/// - An absolute href must be `https` (`http` only when the authority itself is `http`, as a loopback
///   emulator is) on exactly the authority's host and port.
/// - A relative href starts with `/`, or with the template `{tenant}/`, which becomes the authority's
///   tenant (its first path segment). No other template is followed.
/// - The path must lead to `/api/…` or `/oauth2/…`: right at the start, after the authority's own path,
///   or after a tenant ID (a GUID) segment. Whatever comes before the marker is replaced by the
///   authority's path (the SDKs do the same, as a stop-gap while the service's hrefs name the tenant
///   in several ways).
/// - Refused outright: user info, a fragment, dot segments (`.`, `..`, also percent-encoded), empty
///   segments, network-path references (`//host/…`), any character a URI may not hold (white space,
///   controls, backslashes, quotes, non-ASCII; `[` and `]` anywhere but around an absolute href's IPv6
///   host), escapes of `/`, `\` or a control, and hrefs longer than ``maximumLength``. `api` and
///   `oauth2` are matched as written (paths are case-sensitive).
/// - The href's query is kept byte for byte.
struct HrefResolver: Sendable {
    /// The configured authority (`https://contoso.ciamlogin.com/contoso.onmicrosoft.com`).
    let authority: URL

    /// The longest href followed.
    static let maximumLength = 2_048

    /// Why an href is not followed: a phrase for the error's message.
    enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong
        case forbiddenCharacter
        case networkPath
        case scheme(String)
        case otherHost(String)
        case otherPort
        case userInfo
        case fragment
        case dotSegment
        case emptySegment
        case template
        case notAnAPIPath
        case unreadable

        var description: String {
            switch self {
            case .empty: "it is empty"
            case .tooLong: "it is longer than \(HrefResolver.maximumLength) characters"
            case .forbiddenCharacter: "it holds a character a URL may not hold (white space, a control, a quote, a backslash, non-ASCII) or an escaped separator"
            case .networkPath: "it names another host (a network-path reference, //host)"
            case .scheme(let scheme): "its scheme is \(scheme), not the authority's"
            case .otherHost(let host): "it points at another host (\(host))"
            case .otherPort: "it points at another port of the authority's host"
            case .userInfo: "it carries user information"
            case .fragment: "it carries a fragment"
            case .dotSegment: "its path has a dot segment (. or ..)"
            case .emptySegment: "its path has an empty segment"
            case .template: "it holds a template other than a leading {tenant}"
            case .notAnAPIPath: "its path leads to neither /api/ nor /oauth2/"
            case .unreadable: "it is not a URL"
            }
        }
    }

    /// The URL to send to for `href`, or why it is refused.
    func resolve(_ href: String) -> Result<URL, Refusal> {
        guard !href.isEmpty else { return .failure(.empty) }
        guard href.utf8.count <= Self.maximumLength else { return .failure(.tooLong) }
        guard href.unicodeScalars.allSatisfy({ Self.isAllowed($0) || Self.isBracket($0) }), Self.hasWellFormedEscapes(href) else {
            return .failure(.forbiddenCharacter)
        }
        guard !href.hasPrefix("//") else { return .failure(.networkPath) }
        guard !href.contains("#") else { return .failure(.fragment) }

        let queryStart = href.firstIndex(of: "?")
        let reference = String(href[..<(queryStart ?? href.endIndex)])
        let query = queryStart.map { String(href[href.index(after: $0)...]) }
        guard Self.hasWellFormedEscapes(reference, refusingSeparators: true) else { return .failure(.forbiddenCharacter) }
        guard query?.unicodeScalars.contains(where: Self.isBracket) != true else { return .failure(.forbiddenCharacter) }

        let path: String
        switch Self.split(reference) {
        case .absolute(let scheme, let hostAndPort, let rest):
            guard !rest.unicodeScalars.contains(where: Self.isBracket), Self.hasWellFormedBrackets(hostAndPort) else {
                return .failure(.forbiddenCharacter)
            }
            if let refusal = check(scheme: scheme, hostAndPort: hostAndPort) { return .failure(refusal) }
            path = rest
        case .relative(let text) where text.unicodeScalars.contains(where: Self.isBracket):
            return .failure(.forbiddenCharacter)
        case .relative(let text):
            if text.hasPrefix("{tenant}/") {
                path = "/" + tenant + text.dropFirst("{tenant}".count)
            } else if text.hasPrefix("/") {
                path = text
            } else {
                return .failure(text.contains("{") ? .template : .notAnAPIPath)
            }
        }
        guard !path.contains("{"), !path.contains("}") else { return .failure(.template) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), !segments.isEmpty else { return .failure(.notAnAPIPath) }
        if segments.contains(where: \.isEmpty) { return .failure(.emptySegment) }
        if segments.contains(where: Self.isDotSegment) { return .failure(.dotSegment) }

        guard let rest = apiPath(of: Array(segments)) else { return .failure(.notAnAPIPath) }
        var text = origin + authorityPath + rest
        if let query { text += "?" + query }
        guard let url = URL(string: text) else { return .failure(.unreadable) }
        return .success(url)
    }

    // MARK: - The authority's parts

    /// `scheme://host[:port]` of the authority, as configured: an IPv6 address in its brackets
    /// (`http://[::1]:8080`), which `URL.host` leaves out.
    private var origin: String {
        let host = authority.host ?? ""
        var text = "\(scheme)://" + (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
        if let port = authority.port { text += ":\(port)" }
        return text
    }

    private var scheme: String { authority.scheme?.lowercased() ?? "https" }

    /// The authority's path without a trailing slash (`/contoso.onmicrosoft.com`).
    private var authorityPath: String {
        var path = authority.path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The authority's tenant: its first path segment.
    private var tenant: String {
        authorityPath.split(separator: "/").first.map(String.init) ?? ""
    }

    private static func defaultPort(_ scheme: String) -> Int { scheme == "http" ? 80 : 443 }

    // MARK: - Checks

    private func check(scheme hrefScheme: String, hostAndPort: String) -> Refusal? {
        let lowered = hrefScheme.lowercased()
        guard lowered == "https" || (lowered == "http" && scheme == "http") else { return .scheme(lowered) }
        guard !hostAndPort.contains("@") else { return .userInfo }
        let (host, port) = Self.hostAndPort(hostAndPort)
        let ownHost = (authority.host ?? "").lowercased().trimmingBrackets
        guard host.lowercased().trimmingBrackets == ownHost else { return .otherHost(host) }
        let expected = authority.port ?? Self.defaultPort(scheme)
        let given: Int? = port.map { Int($0) } ?? Self.defaultPort(lowered)
        guard given == expected else { return .otherPort }
        return nil
    }

    /// The part of `segments` from `api` or `oauth2` on (as `/api/…`), when what comes before it is the
    /// authority's path, a tenant ID, or nothing.
    private func apiPath(of segments: [Substring]) -> String? {
        let own = authorityPath.split(separator: "/")
        var start = 0
        if segments.count > own.count, !own.isEmpty,
           zip(segments, own).allSatisfy({ $0.lowercased() == $1.lowercased() }) {
            start = own.count
        } else if segments.count > 1, UUID(uuidString: String(segments[0])) != nil {
            start = 1
        }
        guard segments.count > start + 1, ["api", "oauth2"].contains(segments[start]) else { return nil }
        return "/" + segments[start...].joined(separator: "/")
    }

    /// The characters of a URI (RFC 3986: unreserved, sub-delimiters, `:`, `@`, `/`, `?`, `%`), and `{`,
    /// `}` and `#`, which are refused later with reasons of their own.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@", "/", "?", "%", "{", "}", "#": true
        default: false
        }
    }

    private static func isBracket(_ scalar: Unicode.Scalar) -> Bool { scalar == "[" || scalar == "]" }

    /// Whether `hostAndPort` holds no bracket, or is an IP literal (RFC 3986): `[`, an IPv6 address
    /// (hexadecimal digits, `:` and `.`), `]`, then nothing or `:` and a port.
    private static func hasWellFormedBrackets(_ hostAndPort: String) -> Bool {
        guard hostAndPort.unicodeScalars.contains(where: isBracket) else { return true }
        guard hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") else { return false }
        let address = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
        let after = hostAndPort[hostAndPort.index(after: close)...]
        return !address.isEmpty && address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
            && (after.isEmpty || (after.hasPrefix(":") && after.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }))
    }

    /// Whether every `%` starts an escape of two hexadecimal digits that is not a control, nor, with
    /// `refusingSeparators` (the path), a separator a server might decode (`/`, `\`).
    private static func hasWellFormedEscapes(_ href: String, refusingSeparators: Bool = false) -> Bool {
        let bytes = Array(href.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = PercentEncoding.hexValue(bytes[index + 1]), let low = PercentEncoding.hexValue(bytes[index + 2]) else { return false }
            let value = high << 4 | low
            if value < 0x20 || value == 0x7F { return false }
            if refusingSeparators, value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") { return false }
            index += 3
        }
        return true
    }

    /// `.`, `..`, or either spelt with percent-encoded dots.
    private static func isDotSegment(_ segment: Substring) -> Bool {
        let decoded = segment.lowercased().replacing("%2e", with: ".")
        return decoded == "." || decoded == ".."
    }

    private enum Reference {
        case absolute(scheme: String, hostAndPort: String, path: String)
        case relative(String)
    }

    /// An absolute reference (`scheme://authority/path`) or a relative one. An absolute reference
    /// without `//` after its scheme (`https:/api/x`, `mailto:x`) is read as an absolute one with no
    /// host, which no authority has.
    private static func split(_ reference: String) -> Reference {
        guard let colon = reference.firstIndex(of: ":") else { return .relative(reference) }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return .relative(reference) }
        var rest = reference[reference.index(after: colon)...]
        guard rest.hasPrefix("//") else { return .absolute(scheme: String(scheme), hostAndPort: "", path: String(rest)) }
        rest = rest.dropFirst(2)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        return .absolute(scheme: String(scheme), hostAndPort: String(rest[..<slash]), path: String(rest[slash...]))
    }

    /// `host` and `port` of `host[:port]` (`[v6]:port` for IPv6).
    private static func hostAndPort(_ text: String) -> (host: String, port: Substring?) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[...close])
            let after = text[text.index(after: close)...]
            return (host, after.hasPrefix(":") ? after.dropFirst() : nil)
        }
        guard let colon = text.lastIndex(of: ":") else { return (text, nil) }
        return (String(text[..<colon]), text[text.index(after: colon)...])
    }
}

private extension String {
    /// The text without the brackets of an IPv6 literal.
    var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
