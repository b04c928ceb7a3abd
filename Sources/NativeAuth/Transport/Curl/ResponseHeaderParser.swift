#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Collects the header lines of one HTTP exchange, as libcurl hands them over one at a time, into the
/// header fields of the final response, within limits.
///
/// libcurl passes every status line and header line it receives: those of interim `1xx` responses
/// (`100 Continue`, `103 Early Hints`) come before the final response's, so a status line starts a
/// fresh set of fields. Repeated fields are joined with ", " (RFC 9110 §5.3), folded continuation
/// lines are appended to the previous field, and a name keeps the spelling it first arrived with
/// (``HTTPResponse/header(_:)`` looks names up case-insensitively). The limits count every line of the
/// exchange, interim responses included, so an endless stream of `1xx` responses is refused too.
struct ResponseHeaderParser: Sendable {
    /// Most header lines accepted, over all the responses of one exchange.
    let maximumCount: Int
    /// Most bytes of status and header lines accepted, over all the responses of one exchange.
    let maximumBytes: Int

    /// The fields of the latest response (the final one once the exchange is over).
    private(set) var fields: [String: String] = [:]
    /// The key in ``fields`` of each lowercased name.
    private var keys: [String: String] = [:]
    /// The name of the field the previous line set, for folded continuation lines.
    private var lastKey: String?
    private var count = 0
    private var bytes = 0

    init(maximumCount: Int, maximumBytes: Int) {
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
    }

    /// Takes one line (with its line ending). Returns false when the line goes over a limit: the
    /// exchange must then be abandoned.
    mutating func consume(_ line: UnsafeRawBufferPointer) -> Bool {
        guard bytes + line.count <= maximumBytes else { return false }
        bytes += line.count
        var text = Substring(String(decoding: line, as: UTF8.self))
        while let last = text.last, last.isNewline { text.removeLast() }  // "\r\n" is one Character

        if text.isEmpty { return true }  // the blank line that ends a header block
        if text.hasPrefix("HTTP/") {  // a status line: a new (interim or final) response begins
            fields = [:]
            keys = [:]
            lastKey = nil
            return true
        }
        if text.first == " " || text.first == "\t" {  // obsolete line folding
            guard let lastKey else { return true }
            let continuation = text.trimmed(.whitespaces)
            if !continuation.isEmpty { fields[lastKey, default: ""] += " " + continuation }
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return true }  // not a field: ignored
        count += 1
        guard count <= maximumCount else { return false }
        let name = String(text[..<colon]).trimmed(.whitespaces)
        guard !name.isEmpty else { return true }
        let value = String(text[text.index(after: colon)...]).trimmed(.whitespaces)
        let key = keys[name.lowercased()] ?? name
        keys[name.lowercased()] = key
        if let existing = fields[key] {
            fields[key] = existing.isEmpty ? value : value.isEmpty ? existing : existing + ", " + value
        } else {
            fields[key] = value
        }
        lastKey = key
        return true
    }
}
