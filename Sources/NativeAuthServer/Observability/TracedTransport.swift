#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Metrics
import NativeAuth
import NativeAuthShared
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
///   `/oauth2/v2.0/token`, such as `refresh_token` for a refresh; empty elsewhere), `outcome`: the
///   status class, or `transport_error`)
/// - `nativeauth_request_duration_seconds` (timer; `endpoint`)
///
/// `endpoint` is one of the native-authentication endpoints the library calls, such as
/// `/oauth2/v2.0/token`, or `other` for any other URL (an API's, sent with the application's transport
/// by `callAPI`; a link a V2 journey followed): labels stay few, and never carry a path's user name or
/// ID. The span's name has the same `endpoint`.
public struct TracedTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let metricsFactory: (any MetricsFactory)?

    /// `base`, traced and counted.
    /// - Parameters:
    ///   - base: The transport that sends the requests.
    ///   - metricsFactory: Where the metrics go; the factory bootstrapped with `MetricsSystem` when nil.
    public init(wrapping base: any HTTPTransport, metricsFactory: (any MetricsFactory)? = nil) {
        self.base = base
        self.metricsFactory = metricsFactory
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let endpoint = Self.endpoint(of: request.url)
        let grant = endpoint == Endpoint.token.rawValue ? Self.grantType(in: request.body) : ""
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
                let factory = metricsFactory ?? MetricsSystem.factory
                Counter(label: "nativeauth_requests_total", dimensions: [("endpoint", endpoint), ("grant", grant), ("outcome", outcome)],
                        factory: factory)
                    .increment()
                Metrics.Timer(label: "nativeauth_request_duration_seconds", dimensions: [("endpoint", endpoint)], factory: factory)
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

    /// The `grant_type` field of a form body, when it is one the library sends (``GrantType``; its name
    /// only ever, no other field is read); `other` else.
    static func grantType(in body: Data) -> String {
        for field in body.split(separator: UInt8(ascii: "&")) where field.starts(with: Array("grant_type=".utf8)) {
            let value = String(decoding: field.dropFirst("grant_type=".utf8.count), as: UTF8.self)
            return PercentEncoding.decode(value).flatMap(GrantType.init(rawValue:))?.rawValue ?? "other"
        }
        return ""
    }

    /// The native-authentication endpoint the path ends with (the tenant before it), such as
    /// `/oauth2/v2.0/token`; `other` for any other path.
    static func endpoint(of url: URL) -> String {
        let path = url.path
        return endpoints.first { path.hasSuffix($0) } ?? "other"
    }

    /// The paths of the endpoints the library calls.
    private static let endpoints = Endpoint.allCases.map(\.rawValue)
}
