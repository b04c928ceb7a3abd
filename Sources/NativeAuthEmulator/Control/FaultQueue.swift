import Foundation

/// A fault queued through `POST /_emulator/faults`.
struct Fault: Codable, Sendable {
    /// `initiate`, `challenge`, `token`, `discovery`, `keys`, `devicecode`, `signup/start`, `signup/challenge`,
    /// `signup/continue`, `resetpassword/start` (…`/challenge`, `/continue`, `/submit`,
    /// `/poll_completion`), `introspect`, `register/…`, API V2's `authorize-challenge` and `v2/…`
    /// steps, or `*` for any protocol endpoint.
    var endpoint: String
    /// Status to answer with; nil means "answer normally after the delay".
    var status: Int?
    /// Body to answer with; nil means a protocol error body (`server_error`, or `temporarily_unavailable` for 503/429).
    var body: String?
    var headers: [String: String]?
    var delayMs: Int?
    /// Close the connection without any response.
    var dropConnection: Bool?
    /// How many matching requests this fault applies to (default 1).
    var count: Int?

    static let endpoints: Set<String> = ["initiate", "challenge", "token", "discovery", "keys",
                                         "signup/start", "signup/challenge", "signup/continue",
                                         "resetpassword/start", "resetpassword/challenge", "resetpassword/continue",
                                         "resetpassword/submit", "resetpassword/poll_completion", "devicecode",
                                         "introspect", "register/introspect", "register/challenge", "register/continue",
                                         "authorize-challenge", "v2/signin", "v2/signup", "v2/resetpassword", "v2/challenge", "v2/verify",
                                         "v2/attributes", "v2/enroll", "v2/activate", "v2/update", "v2/poll", "*"]

    /// Header fields a fault may not set (lowercased): those that frame the message or manage the
    /// connection, which the server writes itself. A fault's own would break the HTTP framing.
    static let reservedHeaders: Set<String> = ["content-length", "transfer-encoding", "connection", "keep-alive",
                                               "proxy-connection", "upgrade", "te", "trailer"]

    /// Whether an answer of `status` may have a body (RFC 9110 §6.4.1: not 1xx, 204 or 304).
    static func statusHasBody(_ status: Int) -> Bool {
        !(100...199).contains(status) && status != 204 && status != 304
    }
}

/// Queued faults, consumed in order by matching requests.
final class FaultQueue: Sendable {
    private struct Entry: Sendable {
        var fault: Fault
        var remaining: Int
    }

    private let entries = Locked<[Entry]>([])

    func enqueue(_ fault: Fault) {
        entries.withLock { $0.append(Entry(fault: fault, remaining: max(1, fault.count ?? 1))) }
    }

    func clear() {
        entries.withLock { $0.removeAll() }
    }

    /// The queued faults, each with the requests it still applies to, in order.
    var pending: [(fault: Fault, remaining: Int)] {
        entries.withLock { $0.map { ($0.fault, $0.remaining) } }
    }

    var pendingCount: Int {
        entries.withLock { $0.reduce(0) { $0 + $1.remaining } }
    }

    /// Takes one use of the first fault matching `endpoint`, if any.
    func take(for endpoint: String) -> Fault? {
        entries.withLock { list in
            guard !list.isEmpty,
                  let index = list.firstIndex(where: { $0.fault.endpoint == endpoint || $0.fault.endpoint == "*" })
            else { return nil }
            let fault = list[index].fault
            list[index].remaining -= 1
            if list[index].remaining <= 0 { list.remove(at: index) }
            return fault
        }
    }
}
