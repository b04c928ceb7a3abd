#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What came back to the loopback redirect, or why nothing did.
enum LoopbackOutcome: Sendable, Equatable {
    /// The authorization code, with the expected `state`.
    case code(String)
    /// The server's error redirect (`error`, `error_description`, `error_codes`), with the expected `state`.
    case error(ServerErrorResponse)
    /// The wait was cancelled.
    case cancelled
    /// The wait timed out.
    case timedOut
    /// The listener broke, or too many requests were not the answer.
    case failed(String)
}

/// Reads one request to the loopback redirect and decides what it means. Bounded: one request line
/// and headers of at most 8 KiB; the query's values are never logged.
enum LoopbackRequest {
    static let maximumSize = 8192

    /// The answer a request carries for a listener expecting `path` and `state`; nil when the
    /// request is not an answer (another path, no parameters: a favicon, a probe; or a `code` or
    /// `error` with another `state`, which is never redeemed and does not end the wait, so another
    /// local user who finds the port cannot end a sign-in with one request), with the status and
    /// page to send back.
    static func read(_ head: String, path expectedPath: String, state expectedState: String)
        -> (outcome: LoopbackOutcome?, status: Int, page: String)
    {
        guard let line = head.split(separator: "\r\n", maxSplits: 1, omittingEmptySubsequences: false).first else {
            return (nil, 400, page("Bad request", "This address only receives the answer of a sign-in."))
        }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
            return (nil, 400, page("Bad request", "This address only receives the answer of a sign-in."))
        }
        guard parts[0] == "GET" else { return (nil, 405, page("Not allowed", "This address only answers GET.")) }
        let target = parts[1]
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
        guard path == expectedPath else { return (nil, 404, page("Not found", "This address only receives the answer of a sign-in.")) }
        guard let fields = FormEncoding.decode(Data(query.utf8)) else {
            return (nil, 400, page("Bad request", "The answer could not be read."))
        }
        func value(_ name: String) -> String? { fields.first { $0.0 == name }?.1 }
        guard value("code") != nil || value("error") != nil else {
            return (nil, 400, page("No sign-in answer", "This address only receives the answer of a sign-in; there is nothing to do here."))
        }
        guard let state = value("state"), constantTimeEquals(state, expectedState) else {
            return (nil, 400, page("Sign-in not accepted",
                                   "This answer does not belong to the sign-in in progress, so it was not used."))
        }
        if let error = value("error") {
            let description = value("error_description")
            let codes = (value("error_codes") ?? "").split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let server = ServerErrorResponse(error: ServerErrorCode(rawValue: error), errorDescription: description, errorCodes: codes)
            let summary = description.flatMap { $0.split(whereSeparator: \.isNewline).first.map(String.init) } ?? error
            return (.error(server), 200, page("Sign-in did not complete", "\(summary) You can close this window and return to the app."))
        }
        return (.code(value("code") ?? ""), 200, page("Signed in", "You can close this window and return to the terminal."))
    }

    /// The whole HTTP response with a small page.
    static func response(status: Int, page: String) -> [UInt8] {
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed"][status] ?? "Error"
        let body = Array(page.utf8)
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\n"
            + "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    private static func page(_ title: String, _ text: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>\
        <style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:30rem;color:#1b1b1b}</style></head>\
        <body><h1 id="title">\(escape(title))</h1><p id="message">\(escape(text))</p></body></html>
        """
    }

    private static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }

    private static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
