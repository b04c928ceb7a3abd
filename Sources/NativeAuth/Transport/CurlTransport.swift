#if canImport(CCurl)
internal import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The default transport on Linux: libcurl, called directly.
///
/// Why not `URLSession` on Linux: creating any `URLSessionConfiguration` makes
/// swift-corelibs-foundation create `~/.cache/org.swift.foundation.URLCache/<program>` and
/// `~/.local/share/<program>`, and the library must write nothing under `$HOME` but its token
/// store. `URLSession` on Linux is libcurl underneath anyway.
///
/// ```swift
/// let transport = CurlTransport(timeout: 15, caFile: "/etc/ssl/certs/contoso-root.pem")
/// let app = try NativeAuthPublicClientApplication(
///     clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso",
///     challengeTypes: [.OOB], transport: transport)
/// ```
///
/// What it guarantees:
/// - **No redirects.** A `3xx` comes back as an ``HTTPResponse`` with that status; the body of a
///   request (passwords, codes) is never sent on to another URL.
/// - **http and https only**, TLS peer and host-name verification always on, against the system's CA
///   certificates or `caFile`.
/// - **Bounded input.** A response body over `maximumResponseBodySize`, or headers over
///   `maximumHeaderCount` fields or `maximumHeaderBytes` bytes (interim `1xx` responses included),
///   aborts the transfer as soon as the limit is passed and fails with a non-transient
///   ``HTTPTransportError``.
/// - **Timeouts**: `connectTimeout` to connect, `timeout` for the whole exchange; both fail as transient.
/// - **Cancellation**: cancelling the task that awaits ``send(_:)`` aborts the transfer at once and
///   throws `CancellationError`.
/// - **No files.** No cookie jar, cache, HSTS or alt-svc file; nothing is written anywhere.
/// - **No `Expect: 100-continue`**: the body goes with the request.
///
/// Proxies: none is configured here, so libcurl's usual environment variables apply (`http_proxy`,
/// `https_proxy`/`HTTPS_PROXY`, `all_proxy`/`ALL_PROXY`, `no_proxy`/`NO_PROXY`), except that a
/// loopback host (`127.0.0.0/8`, `::1`, `localhost`) is never reached through a proxy, whatever they
/// say; the proxy's own `CONNECT` response headers are not reported.
///
/// Threading and connection reuse: each transport runs one worker thread of its own, started on
/// the first request, which drives a libcurl *multi* handle; ``send(_:)`` hands the transfer over and
/// suspends on a continuation, so no thread of Swift's cooperative pool ever blocks. One thread per
/// transport rather than one per transfer because the multi handle then owns a single connection
/// pool, used from a single thread: sequential requests to a host (a sign-in is three POSTs) reuse
/// one connection, concurrent requests run side by side without a thread each, and no libcurl
/// *share* handle is needed (a share handle's connection cache used from several threads is libcurl
/// known bug 11.11, curl/curl#4915). The thread ends when the transport is released.
public final class CurlTransport: HTTPTransport {
    /// The default limit on a response body: 1 MiB.
    public static let defaultMaximumResponseBodySize = HTTPTransports.defaultMaximumResponseBodySize

    let options: CurlOptions
    private let worker = CurlWorker()

    /// Creates a transport. It starts its thread and opens connections only when it first sends.
    ///
    /// ```swift
    /// let transport = CurlTransport()                   // 30 s per request, 1 MiB bodies
    /// let strict = CurlTransport(timeout: 10, maximumResponseBodySize: 64 * 1024)
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: Seconds for a whole exchange, from connecting to the last byte of the body.
    ///   - connectTimeout: Seconds to establish a connection (TCP and TLS).
    ///   - maximumResponseBodySize: Most bytes of response body accepted.
    ///   - maximumHeaderCount: Most response header fields accepted.
    ///   - maximumHeaderBytes: Most bytes of response status and header lines accepted.
    ///   - caFile: A PEM file of CA certificates to trust instead of the system's.
    public init(
        timeout: TimeInterval = 30, connectTimeout: TimeInterval = 10,
        maximumResponseBodySize: Int = CurlTransport.defaultMaximumResponseBodySize,
        maximumHeaderCount: Int = 100, maximumHeaderBytes: Int = 64 * 1024, caFile: String? = nil
    ) {
        precondition(timeout > 0 && connectTimeout > 0, "CurlTransport timeouts must be positive")
        precondition(maximumResponseBodySize >= 0 && maximumHeaderCount >= 0 && maximumHeaderBytes >= 0,
                     "CurlTransport limits must not be negative")
        options = CurlOptions(
            timeout: timeout, connectTimeout: connectTimeout, maximumResponseBodySize: maximumResponseBodySize,
            maximumHeaderCount: maximumHeaderCount, maximumHeaderBytes: maximumHeaderBytes, caFile: caFile)
    }

    deinit {
        worker.shutDown()
    }

    /// Sends `request` and returns the response, whatever its status (`3xx` included).
    ///
    /// ```swift
    /// let response = try await CurlTransport().send(HTTPRequest(
    ///     method: "POST", url: URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/oauth2/v2.0/initiate")!,
    ///     headers: [("Content-Type", "application/x-www-form-urlencoded")],
    ///     body: Data("client_id=…&username=alice%40contoso.com&challenge_type=oob%20redirect".utf8)))
    /// ```
    ///
    /// - Throws: ``HTTPTransportError`` when no acceptable response arrived (transient for connection,
    ///   DNS and timeout failures); `CancellationError` when the task was cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let transfer = CurlTransfer(request, options: options)
        let worker = self.worker
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.begin(continuation)
                do {
                    try worker.submit(transfer)
                } catch {
                    transfer.fail(error)  // never reached the worker, so this thread may end it
                }
            }
        } onCancel: {
            transfer.cancel()
            worker.wake()
        }
    }

    /// How many connections this transport has opened so far (fewer than requests when reused).
    var connectionsOpened: Int { worker.connectionsOpened }
}

/// The settings of one ``CurlTransport``.
struct CurlOptions: Sendable {
    var timeout: TimeInterval
    var connectTimeout: TimeInterval
    var maximumResponseBodySize: Int
    var maximumHeaderCount: Int
    var maximumHeaderBytes: Int
    var caFile: String?
}
#endif
