import Foundation
import NativeAuth
import Synchronization

/// A hand-written transport for unit tests: answers each request with a closure, counts and keeps the
/// requests, and can hold them at a ``RequestGate`` so concurrent calls overlap for certain.
public final class ScriptedTransport: HTTPTransport {
    public typealias Handler = @Sendable (_ request: HTTPRequest, _ form: [String: String]) throws -> HTTPResponse

    private let handler: Handler
    private let gate: RequestGate?
    private let received = Mutex<[HTTPRequest]>([])

    /// - Parameters:
    ///   - gate: Where every request waits until the test opens it; nil to answer at once.
    ///   - handler: The answer to a request; it gets the decoded form fields too.
    public init(gate: RequestGate? = nil, handler: @escaping Handler) {
        self.gate = gate
        self.handler = handler
    }

    /// Every request received, in order.
    public var requests: [HTTPRequest] { received.withLock { $0 } }
    /// How many requests were received.
    public var requestCount: Int { received.withLock { $0.count } }
    /// The requests sent to paths ending with `suffix`, such as `/token`.
    public func requests(to suffix: String) -> [HTTPRequest] {
        requests.filter { $0.url.path.hasSuffix(suffix) }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        received.withLock { $0.append(request) }
        if let gate { await gate.pass() }
        return try handler(request, FormFields.dictionary(request.body))
    }

    /// A JSON response.
    public static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                     body: Data(text.utf8))
    }
}
