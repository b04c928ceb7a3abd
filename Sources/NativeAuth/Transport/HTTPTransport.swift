#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one seam between the library and the network: send a request, get a response.
///
/// The library's default is ``HTTPTransports/makeDefault(timeout:)``: ``CurlTransport`` on Linux,
/// `URLSessionTransport` elsewhere. Tests (and apps with special needs, such as certificate
/// pinning) pass their own:
///
/// ```swift
/// struct CannedTransport: HTTPTransport {
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
///                      body: Data(#"{"continuation_token":"CT1"}"#.utf8))
///     }
/// }
/// ```
///
/// Throw ``HTTPTransportError`` for failures below HTTP (connection refused, timeout); mark the
/// transient ones so the library retries them once.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the server's response, whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// An HTTP request as the library builds it.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, such as `POST`.
    public var method: String
    /// The full URL.
    public var url: URL
    /// The header fields, in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data
    /// Whether a transport may send the request again by itself (true by default). The library sets
    /// it to false for a refresh-token grant, which the server may act on only once: a transport must
    /// then never resend it on its own (``CurlTransport`` sends it on a fresh connection, so libcurl's
    /// resend after a reused connection drops cannot happen).
    public var isReplayable: Bool

    /// Creates a request.
    public init(method: String, url: URL, headers: [(name: String, value: String)], body: Data, isReplayable: Bool = true) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isReplayable = isReplayable
    }

    /// The value of the header `name` (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.isReplayable == rhs.isReplayable
            && lhs.headers.map { "\($0.name): \($0.value)" } == rhs.headers.map { "\($0.name): \($0.value)" }
    }
}

/// An HTTP response.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name` (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A failure below HTTP: no response arrived.
public struct HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying what failed.
    public var message: String
    /// Whether trying again soon may work (connection refused or lost, timeout, DNS failure).
    public var isTransient: Bool
    /// Whether the server may have received the request (true unless the transport knows it never
    /// left: no connection was made, the host name did not resolve, the request was refused locally).
    /// A request the server may act on only once is not sent again after such a failure.
    public var mayHaveReachedServer: Bool

    /// Creates a transport error. Without `mayHaveReachedServer`, the request is assumed to have
    /// possibly reached the server.
    public init(_ message: String, isTransient: Bool, mayHaveReachedServer: Bool = true) {
        self.message = message
        self.isTransient = isTransient
        self.mayHaveReachedServer = mayHaveReachedServer
    }

    public var description: String { message }
}
