#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Metrics
import NativeAuth
import Tracing

/// A transport that wraps another with what a server's operators expect of a library's requests,
/// as async-http-client and postgres-nio do: a client span per request to the authority (swift-
/// distributed-tracing), carrying the flow's correlation ID, and metrics (swift-metrics) of how many
/// were sent, how they ended and how long they took. Neither sees a body: no password, code or
/// token reaches a span or a metric.
///
/// ```swift
/// let config = try NativeAuthPublicClientApplicationConfig(clientId: clientId, authority: authority, challengeTypes: [.OOB])
/// config.transport = TracedTransport(wrapping: HTTPTransports.makeDefault())
/// ```
///
/// Spans go to the tracer bootstrapped with `InstrumentationSystem` (none by default); metrics to
/// the factory bootstrapped with `MetricsSystem`.
///
/// - `nativeauth_requests_total` (counter; `endpoint`, `grant` (the `grant_type` of a request to
///   `/token`, such as `refresh_token` for a refresh; empty elsewhere), `outcome`: the status class,
///   or `transport_error`)
/// - `nativeauth_request_duration_seconds` (timer; `endpoint`)
public struct TracedTransport: HTTPTransport {
    private let base: any HTTPTransport

    /// `base`, traced and counted.
    public init(wrapping base: any HTTPTransport) {
        self.base = base
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let endpoint = Self.endpoint(of: request.url)
        let grant = endpoint.hasSuffix("/token") ? Self.grantType(in: request.body) : ""
        let start = ContinuousClock.now
        return try await withSpan("native-auth \(request.method) \(endpoint)", ofKind: .client) { span in
            span.attributes["http.request.method"] = request.method
            span.attributes["url.path"] = request.url.path
            span.attributes["server.address"] = request.url.host ?? ""
            if let correlationId = request.header("client-request-id") {
                span.attributes["nativeauth.correlation_id"] = correlationId
            }
            let outcome: String
            defer {
                Counter(label: "nativeauth_requests_total", dimensions: [("endpoint", endpoint), ("grant", grant), ("outcome", outcome)])
                    .increment()
                Metrics.Timer(label: "nativeauth_request_duration_seconds", dimensions: [("endpoint", endpoint)])
                    .recordInterval(since: start)
            }
            do {
                let response = try await base.send(request)
                span.attributes["http.response.status_code"] = response.status
                if response.status >= 400 { span.setStatus(SpanStatus(code: .error)) }
                outcome = "\(response.status / 100)xx"
                return response
            } catch {
                span.recordError(error)
                outcome = "transport_error"
                throw error
            }
        }
    }

    /// The `grant_type` field of a form body (its name only ever, no other field is read).
    static func grantType(in body: Data) -> String {
        for field in body.split(separator: UInt8(ascii: "&")) where field.starts(with: Array("grant_type=".utf8)) {
            return String(decoding: field.dropFirst("grant_type=".utf8.count), as: UTF8.self)
        }
        return ""
    }

    /// The part of the path that names the endpoint (after the tenant), such as `/oauth2/v2.0/token`.
    static func endpoint(of url: URL) -> String {
        let path = url.path
        for marker in ["/oauth2/", "/signup/", "/resetpassword/", "/register/"] {
            if let range = path.firstRange(of: marker) { return String(path[range.lowerBound...]) }
        }
        return path
    }
}
