#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// How `nativeauth call` shows the API's answer: the body as it came on standard output (with
/// `-i` the status line and the headers first, as `curl -i` and `gh api -i` do; on a terminal
/// without its controls, and a binary body not at all), and for a status that is not 2xx, one
/// sentence on standard error and exit 6.
enum CallOutput {
    /// Writes the response on `environment`'s standard output; returns the failure to report for a
    /// status that is not 2xx.
    /// `again`: `call`'s selection of the account and its URL as given, for the `call` a hint prints.
    static func show(_ answer: NativeAuthAPIResponse, url: URL, includeHeaders: Bool, verbose: Bool, again: NextCommand,
                     in environment: CommandEnvironment) -> CLIFailure? {
        let response = answer.response
        var output = Data()
        if includeHeaders {
            var head = "HTTP \(response.status) \(reason(response.status))".trimmed(.whitespaces) + "\r\n"
            // The server chose the headers: shown without their controls, as every other server text
            // (the body has its own rule: below).
            for (name, value) in response.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
                head += "\(TerminalText.sanitized(name)): \(TerminalText.sanitized(value))\r\n"
            }
            output.append(Data((head + "\r\n").utf8))
        }
        if environment.outputIsTerminal {
            // A person reads it: the server's bytes must not drive the terminal (retitle it, write to
            // the clipboard with OSC 52, hide or forge lines). A pipe or a file gets them as they came.
            if let text = terminalText(of: response.body) {
                output.append(Data(TerminalText.keepingLayout(text).utf8))
            } else {
                environment.console.info("The response body is binary (\(response.body.count) bytes), so it was not printed on the "
                    + "terminal: redirect standard output to a file or a pipe to get it.")
            }
            if let last = output.last, last != UInt8(ascii: "\n") {
                output.append(UInt8(ascii: "\n"))  // keep the shell's prompt on its own line
            }
        } else {
            output.append(response.body)
        }
        environment.writeOutput(output)
        if verbose && answer.retriedWithRefreshedToken {
            environment.console.info("The API answered 401, so the token was refreshed and the request sent again.")
        }
        guard !(200...299).contains(response.status) else { return nil }
        return failure(response, url: url, retried: answer.retriedWithRefreshedToken, again: again)
    }

    /// `body` as text for a terminal (a byte that is not UTF-8 shown as U+FFFD); nil when it is
    /// binary, holding a NUL byte, which curl does not print on a terminal either.
    static func terminalText(of body: Data) -> String? {
        guard !body.contains(0) else { return nil }
        return String(decoding: body, as: UTF8.self)
    }

    /// The sentence for a status that is not 2xx.
    static func failure(_ response: HTTPResponse, url: URL, retried: Bool, again: NextCommand) -> CLIFailure {
        let host = url.host ?? "the API"
        let challenge = BearerChallenge(response.header("WWW-Authenticate"))
        var message = "\(host) answered HTTP \(response.status)" + (reason(response.status).isEmpty ? "" : " (\(reason(response.status)))")
        var hint: String?
        switch response.status {
        case 300...399:
            message += ": redirects are not followed, so the token goes to no other host"
            if let location = response.header("Location") { hint = "It points to \(printable(location, limit: 300)); call that URL if you trust it." }
        case 401:
            message += retried ? " even after the token was refreshed" : ""
            if let reason = challenge.errorDescription ?? challenge.error { message += ": \(reason)" }
            hint = "The API does not accept this account's token: check the URL, the --scope (the token's audience), or sign in again."
        case 403 where challenge.error == "insufficient_scope":
            message += ": the token lacks the permission" + (challenge.scope.map { " \($0)" } ?? "")
            // The server chose the scope: one `--scope` per scope it names, each quoted for the shell.
            hint = challenge.scope.map { scope in
                let scopes = scope.split(whereSeparator: \.isWhitespace).flatMap { ["--scope", String($0)] }
                return "Ask for it: " + again.line(["call"] + scopes, operand: again.operand)
            }
        default:
            break
        }
        // The server's reason may end a sentence of its own: one full stop, not two.
        return CLIFailure(.apiError, message + (message.hasSuffix(".") ? "" : "."), hint: hint,
                          details: ["status: \(response.status)"] + ["request-id", "client-request-id", "WWW-Authenticate"].compactMap { name in
                              response.header(name).map { "\(name): \(printable($0, limit: 500))" }
                          })
    }

    /// `text` (the server's) fit for a terminal: at most `limit` characters, sanitised
    /// (``TerminalText/sanitized(_:limit:)``).
    static func printable(_ text: String, limit: Int) -> String {
        TerminalText.sanitized(text, limit: limit)
    }

    /// The failure for a request that got no response.
    /// `next`: the account's place, carried by the sign-in a claims challenge needs.
    static func failure(_ error: CallAPIError, url: URL, maximumResponseSize: Int, username: String, next: NextCommand) -> CLIFailure {
        switch error {
        case .claimsChallenge(let claims, let tokenError) where tokenError.code == .interactionRequired:
            return CLIFailure(.failure, "\(url.host ?? "The API") asks for claims this session cannot give without you "
                + "(\(FailureMapping.firstLine(of: tokenError.errorDescription))): sign in again with them.",
                              hint: ClaimsChallengeOption.signInHint(username: username, claims: claims, next: next) + ", then call again.",
                              details: FailureMapping.details(tokenError))
        case .claimsChallenge(_, let tokenError):
            return FailureMapping.failure(tokenError, method: .token, next: next)
        case .insecureURL:
            return CLIFailure(.usage, error.description)
        case .accessToken(let tokenError):
            return FailureMapping.failure(tokenError, method: .token, next: next)
        case .cancelled:
            return CLIFailure(.interrupted, error.description)
        case .transport(let transportError):
            if transportError.message.contains("larger than \(maximumResponseSize) bytes") {
                return CLIFailure(.failure, "The response of \(url.host ?? "the API") is larger than \(ResponseSize.text(maximumResponseSize)), "
                    + "so nothing was printed.", hint: "Allow more with --max-response-size (at most \(ResponseSize.text(ResponseSize.maximum))).")
            }
            let tls = TLSTrust.isCertificateFailure(transportError.message)
            return CLIFailure(.unavailable, transportError.message,
                              hint: tls ? "If the server's certificate comes from a private CA (such as `nativeauth emulator --tls`), "
                                  + "trust it with --ca-file FILE or NATIVEAUTH_CA_FILE." : "The API could not be reached; try again later.")
        }
    }

    /// The reason phrase of a status (RFC 9110), for the status line `-i` prints.
    static func reason(_ status: Int) -> String {
        let phrases: [Int: String] = [
            200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
            301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
            308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 409: "Conflict", 412: "Precondition Failed", 413: "Content Too Large",
            415: "Unsupported Media Type", 422: "Unprocessable Content", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[status] ?? ""
    }
}

/// The parts of a `WWW-Authenticate: Bearer …` challenge that `call` explains (RFC 6750 §3).
struct BearerChallenge {
    var error: String?
    var errorDescription: String?
    var scope: String?

    init(_ header: String?) {
        guard let header, header.lowercased().hasPrefix("bearer") else { return }
        func value(_ name: String) -> String? {
            guard let range = header.firstRange(of: "\(name)=\"") else { return nil }
            let rest = header[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return CallOutput.printable(String(rest[..<end]), limit: 300)
        }
        error = value("error")
        errorDescription = value("error_description")
        scope = value("scope")
    }
}

/// `--max-response-size`: bytes, or with a K, M or G suffix (powers of 1024).
enum ResponseSize {
    static let defaultValue = 16 << 20
    static let maximum = 1 << 30

    static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmed(.whitespaces).uppercased()
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(trimmed)
        var unit = 1
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
        guard !overflow, bytes <= maximum else { return nil }
        return bytes
    }

    static func text(_ bytes: Int) -> String {
        if bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
