import Foundation
import NativeAuthShared

/// One protocol request as recorded for `GET /_emulator/requests`. Secret values are redacted.
/// Encoded as `{"time", "method", "path", "fields": {name: value}, "status", "client_request_id", "fault"}`.
struct RequestLogEntry: Encodable, Sendable {
    var time: Double
    var method: String
    var path: String
    var fields: [(String, String)]
    var status: Int
    var clientRequestId: String
    var fault: Bool

    /// Form fields (and V2 JSON members) whose values are never recorded, by name, in any case:
    /// those named here, and any whose name ends in `token` (`continuation_token`, `refresh_token`,
    /// `access_token`, `id_token`, V2's `continuationToken`…), ends in `assertion`, or contains
    /// `secret` or `password` (`client_secret`, `new_password`, `newPassword`…).
    private static let secretFields: Set<String> = ["oob", "otp", "code", "code_verifier", "device_code", "session"]

    /// Whether the value of the field `name` is never recorded (``secretFields``).
    static func isSecret(_ name: String) -> Bool {
        let name = name.lowercased()
        return secretFields.contains(name) || name.hasSuffix("token") || name.hasSuffix("assertion")
            || name.contains("secret") || name.contains("password")
    }

    enum CodingKeys: String, CodingKey {
        case time, method, path, fields, status
        case clientRequestId = "client_request_id"
        case fault
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Timestamps.iso8601(time), forKey: .time)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        // A form has no field twice (FormBody refuses it), so its fields are an object.
        try container.encode(Dictionary(fields, uniquingKeysWith: { first, _ in first }), forKey: .fields)
        try container.encode(status, forKey: .status)
        try container.encode(clientRequestId, forKey: .clientRequestId)
        try container.encode(fault, forKey: .fault)
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

    /// Form fields with secret values replaced by `<redacted>`; in a field that holds a JSON object
    /// (the sign-up's `attributes`, where V2 takes the password), the members with secret names too.
    static func redact(_ form: FormBody?) -> [(String, String)] {
        guard let form else { return [] }
        return form.fields.map { name, value in
            (name, RequestLogEntry.isSecret(name) ? "<redacted>" : redactingMembers(of: value))
        }
    }

    /// `text` with the values of its secret-named members redacted when it is a JSON object (at any
    /// depth); any other text as it is.
    private static func redactingMembers(of text: String) -> String {
        guard text.hasPrefix("{"), let object = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
              case .object = object else { return text }
        return redacting(object).serialized()
    }

    private static func redacting(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.map { name, member in (name, RequestLogEntry.isSecret(name) ? .string("<redacted>") : redacting(member)) })
        case .array(let items):
            return .array(items.map(redacting))
        default:
            return value
        }
    }
}
