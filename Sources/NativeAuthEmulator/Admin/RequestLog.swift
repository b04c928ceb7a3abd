import Foundation

/// One protocol request as recorded for `GET /_emulator/requests`. Secret values are redacted.
struct RequestLogEntry: Sendable {
    var time: Double
    var method: String
    var path: String
    var fields: [(String, String)]
    var status: Int
    var clientRequestId: String
    var fault: Bool

    /// Form fields whose values are never recorded.
    static let secretFields: Set<String> = ["password", "oob", "continuation_token", "refresh_token", "code", "client_assertion"]

    var json: JSONValue {
        .object([
            ("time", .string(Timestamps.iso8601(time))),
            ("method", .string(method)),
            ("path", .string(path)),
            ("fields", .object(fields.map { ($0.0, .string($0.1)) })),
            ("status", .int(status)),
            ("client_request_id", .string(clientRequestId)),
            ("fault", .bool(fault)),
        ])
    }
}

/// The last ``limit`` protocol requests, oldest first.
final class RequestLog: Sendable {
    static let limit = 1000
    private let entries = Locked<[RequestLogEntry]>([])

    func append(_ entry: RequestLogEntry) {
        entries.withLock { list in
            list.append(entry)
            if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
        }
    }

    func snapshot() -> [RequestLogEntry] {
        entries.withLock { $0 }
    }

    func clear() {
        entries.withLock { $0.removeAll() }
    }

    /// Form fields with secret values replaced by `<redacted>`.
    static func redact(_ form: FormBody?) -> [(String, String)] {
        guard let form else { return [] }
        return form.fields.map { name, value in
            (name, RequestLogEntry.secretFields.contains(name) ? "<redacted>" : value)
        }
    }
}
