import Foundation
import NativeAuth
import Synchronization

/// A hand-written transport for unit tests: answers each request with a closure, counts and keeps the
/// requests, and can wait before answering so concurrent calls overlap.
public final class ScriptedTransport: HTTPTransport {
    public typealias Handler = @Sendable (_ request: HTTPRequest, _ form: [String: String]) throws -> HTTPResponse

    private let handler: Handler
    private let delay: Duration?
    private let received = Mutex<[HTTPRequest]>([])

    /// - Parameters:
    ///   - delay: How long each answer takes (really sleeping), so concurrent callers overlap.
    ///   - handler: The answer to a request; it gets the decoded form fields too.
    public init(delay: Duration? = nil, handler: @escaping Handler) {
        self.delay = delay
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
        if let delay { try await Task.sleep(for: delay) }
        return try handler(request, FormFields.dictionary(request.body))
    }

    /// A JSON response.
    public static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                     body: Data(text.utf8))
    }
}
