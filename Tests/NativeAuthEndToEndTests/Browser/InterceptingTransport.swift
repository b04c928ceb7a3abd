import Foundation
import NativeAuth
import Synchronization

/// The default transport with a test's hand on it: keeps every request, and may rewrite answers
/// (to hand the library an ID token it must refuse). A mock at the transport seam only.
final class InterceptingTransport: HTTPTransport {
    private let next = HTTPTransports.makeDefault()
    private let rewrite: @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse
    private let sent = Mutex<[HTTPRequest]>([])

    init(rewrite: @escaping @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse = { $1 }) {
        self.rewrite = rewrite
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    /// The form fields of the requests to paths ending with `suffix`.
    func forms(to suffix: String) -> [[String: String]] {
        requests.filter { $0.url.path.hasSuffix(suffix) }.map { request in
            var fields: [String: String] = [:]
            for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            return fields
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return rewrite(request, try await next.send(request))
    }
}
