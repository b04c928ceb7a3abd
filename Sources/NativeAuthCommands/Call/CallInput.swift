#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `nativeauth call` was asked to send, checked and bounded before anything is sent: the URL
/// (at most 8 KiB; `https`, or `http` to this machine only; a path resolves against the embedded
/// emulator only), the method, the headers (at most 64, each at most 8 KiB, no line breaks, never
/// `Authorization`), and the body (`-d`, at most 4 MiB, read from a file with `@FILE` or standard input
/// with `@-`).
struct CallInput {
    static let maxURLLength = 8 * 1024
    static let maxHeaderCount = 64
    static let maxHeaderLength = 8 * 1024
    static let maxBodySize = 4 << 20
    /// Headers `call` sets itself, or that would say something else than the request does: -H cannot
    /// give them (`call --help` names them from here).
    static let reservedHeaderNames = ["Authorization", "Host", "Content-Length", "Transfer-Encoding", "Connection"]
    static let reservedHeaders = Set(reservedHeaderNames.map { $0.lowercased() })

    /// Where the URL points.
    enum Target {
        /// A full URL, as given.
        case absolute(URL)
        /// A path (and query) on the embedded emulator.
        case embeddedPath(String)
    }

    let target: Target
    let method: String
    let headers: [(name: String, value: String)]
    let body: Data?

    /// Checks the command line's parts; every failure is a usage error (exit 2) and nothing is sent.
    /// A body read from standard input (`-d @-`) is read from `environment`'s.
    init(url: String, method: String?, headers: [String], data: String?, in environment: CommandEnvironment) throws(CLIFailure) {
        target = try Self.target(url)
        self.headers = try headers.map(Self.header)
        body = try data.map { data throws(CLIFailure) in try Self.body(data, standardInput: environment.standardInput) }
        if let method {
            guard method.count <= 32, !method.isEmpty,
                  method.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) })
            else { throw CLIFailure(.usage, "-X '\(method.prefix(40))' is not an HTTP method such as GET, POST, PATCH or DELETE.") }
            self.method = method.uppercased()
        } else {
            self.method = body == nil ? "GET" : "POST"
        }
        guard headers.count <= Self.maxHeaderCount else {
            throw CLIFailure(.usage, "At most \(Self.maxHeaderCount) -H headers can be given.")
        }
    }

    /// The URL to send to: the absolute one, or the path on the embedded emulator at `embeddedBase`.
    /// A path for an account that signed in at `location`, elsewhere than the embedded emulator, is a
    /// usage error whose hint is the full URL to give: on the emulator the account signed in at when
    /// that is one on this machine (a `nativeauth emulator`), else an example; `again` is `call`'s
    /// selection of the account, carried by the command the hint prints.
    func url(embeddedBase: URL?, signedInAt location: SignInLocation, again: NextCommand) throws(CLIFailure) -> URL {
        switch target {
        case .absolute(let url):
            return url
        case .embeddedPath(let path):
            guard let base = embeddedBase, let url = URL(string: base.absoluteString + path) else {
                let message = "A relative URL such as /v1.0/me resolves against the embedded emulator only, and this account signed in elsewhere."
                guard location.isLoopback, let origin = location.authority.flatMap(Self.origin) else {
                    throw CLIFailure(.usage, message, hint: "Give the API's full URL, such as https://graph.microsoft.com/v1.0/me.")
                }
                throw CLIFailure(.usage, message, hint: "Give the URL of the emulator this account signed in at: "
                    + again.line(["call", origin + path]))
            }
            return url
        }
    }

    /// `scheme://host[:port]` of `url` (an IPv6 host in brackets).
    private static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme, let host = url.host, !host.isEmpty else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// The request: the headers given, plus `Content-Type` for a body when none was given
    /// (`application/json` for a JSON body, as `az rest` does, else curl's form type).
    func request(to url: URL) -> HTTPRequest {
        var fields = headers
        if let body, !fields.contains(where: { $0.name.lowercased() == "content-type" }) {
            let isJSON = JSONValue.decoded(from: body) != nil
                && body.first.map { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") } == true
            fields.append((name: "Content-Type", value: isJSON ? "application/json" : "application/x-www-form-urlencoded"))
        }
        if !fields.contains(where: { $0.name.lowercased() == "accept" }) {
            fields.append((name: "Accept", value: "application/json, */*;q=0.5"))
        }
        return HTTPRequest(method: method, url: url, headers: fields, body: body ?? Data())
    }

    // MARK: Parts

    private static func target(_ text: String) throws(CLIFailure) -> Target {
        let text = text.trimmed(.whitespaces)
        guard !text.isEmpty, text.utf8.count <= maxURLLength else {
            throw CLIFailure(.usage, "The URL is empty or longer than \(maxURLLength) bytes.")
        }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw CLIFailure(.usage, "The URL holds white space: percent-encode it (%20).")
        }
        if text.hasPrefix("/") {
            guard !text.hasPrefix("//"), URL(string: "http://127.0.0.1" + text) != nil else {
                throw CLIFailure(.usage, "'\(text.prefix(80))' is not a path such as /v1.0/me.")
            }
            return .embeddedPath(text)
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw CLIFailure(.usage, "'\(text.prefix(80))' is not a URL such as https://graph.microsoft.com/v1.0/me or a path such as /v1.0/me.")
        }
        guard scheme == "https" || scheme == "http" else {
            throw CLIFailure(.usage, "'\(scheme)' URLs are not supported: give an https URL.")
        }
        guard url.user == nil, url.password == nil else {
            throw CLIFailure(.usage, "The URL holds a user name or password: remove it (the bearer token authenticates).")
        }
        guard CallAPIError.allowsToken(to: url) else {
            throw CLIFailure(.usage, "Refusing to send the access token over plain http to \(host): anyone on the way could read it.",
                             hint: "Use https://\(host)\(url.port.map { ":\($0)" } ?? "")\(url.path) (plain http is allowed only to this machine).")
        }
        return .absolute(url)
    }

    private static func header(_ text: String) throws(CLIFailure) -> (name: String, value: String) {
        guard text.utf8.count <= maxHeaderLength else {
            throw CLIFailure(.usage, "A -H header is longer than \(maxHeaderLength) bytes.")
        }
        // Byte by byte: "\r\n" is one Character in Swift, equal to neither "\r" nor "\n".
        guard !text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
            throw CLIFailure(.usage, "A -H header holds a line break or another control character.")
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw CLIFailure(.usage, "-H '\(text.prefix(60))' is not 'Name: value'.")
        }
        let name = text[..<colon].trimmed(.whitespaces)
        let value = text[text.index(after: colon)...].trimmed(.whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }) else {
            throw CLIFailure(.usage, "-H '\(text.prefix(60))': '\(name.prefix(40))' is not a header name.")
        }
        guard !reservedHeaders.contains(name.lowercased()) else {
            throw CLIFailure(.usage, "-H \(name) cannot be given: `nativeauth call` sets it itself"
                + (name.lowercased() == "authorization" ? " (the account's bearer token)." : "."))
        }
        return (name, value)
    }

    private static func body(_ data: String, standardInput: any StandardInput) throws(CLIFailure) -> Data {
        guard data.hasPrefix("@") else {
            guard data.utf8.count <= maxBodySize else { throw tooLarge("-d") }
            return Data(data.utf8)
        }
        let path = String(data.dropFirst())
        let read: () throws -> Data
        if path == "-" {
            read = { try standardInput.read(upToCount: maxBodySize + 1) }
        } else {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
                if descriptor >= 0 { close(descriptor) }
                throw CLIFailure(.usage, "-d @\(path): the file cannot be read.")
            }
            read = {
                defer { close(descriptor) }
                return try FileDescriptorIO.read(upToCount: maxBodySize + 1, from: descriptor, path: path)
            }
        }
        let content: Data
        do {
            content = try read()
        } catch {
            throw CLIFailure(.usage, "-d @\(path): \(error)")
        }
        guard content.count <= maxBodySize else { throw tooLarge("-d @\(path)") }
        return content
    }

    private static func tooLarge(_ what: String) -> CLIFailure {
        CLIFailure(.usage, "\(what): the body is larger than \(maxBodySize >> 20) MiB, the most `nativeauth call` sends.")
    }
}
