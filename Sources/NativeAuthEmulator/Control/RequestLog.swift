import Foundation
import NativeAuthShared

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
    static let secretFields: Set<String> = ["password", "new_password", "oob", "continuation_token", "refresh_token", "code",
                                               "client_assertion", "code_verifier", "device_code", "session"]

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

/// The last ``limit`` protocol requests, oldest first (a ring buffer, so logging stays O(1)).
final class RequestLog: Sendable {
    static let limit = 1000

    private struct Ring: Sendable {
        var entries: [RequestLogEntry] = []
        var next = 0
    }

    private let ring = Locked(Ring())

    func append(_ entry: RequestLogEntry) {
        ring.withLock { ring in
            if ring.entries.count < Self.limit {
                ring.entries.append(entry)
            } else {
                ring.entries[ring.next] = entry
            }
            ring.next = (ring.next + 1) % Self.limit
        }
    }

    func snapshot() -> [RequestLogEntry] {
        ring.withLock { ring in
            guard ring.entries.count == Self.limit else { return ring.entries }
            return Array(ring.entries[ring.next...] + ring.entries[..<ring.next])
        }
    }

    func clear() {
        ring.withLock { $0 = Ring() }
    }

    /// Form fields with secret values replaced by `<redacted>`.
    static func redact(_ form: FormBody?) -> [(String, String)] {
        guard let form else { return [] }
        return form.fields.map { name, value in
            (name, RequestLogEntry.secretFields.contains(name) ? "<redacted>" : value)
        }
    }
}
