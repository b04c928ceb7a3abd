#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The platform's default ``HTTPTransport``, for other modules (the `nativeauth` command, apps that
/// wrap the default transport) to use what the library uses when given no transport.
///
/// On Linux it is ``CurlTransport``: libcurl directly, because any `URLSessionConfiguration` makes
/// swift-corelibs-foundation create folders under `$HOME`. Elsewhere it is `URLSessionTransport`.
/// Neither follows redirects.
public enum HTTPTransports {
    /// The default limit on a response body of the library's transports: 1 MiB.
    public static let defaultMaximumResponseBodySize = 1 << 20

    /// A new instance of the platform's default transport. Each instance keeps its own connections,
    /// so make one and reuse it for the requests of a flow.
    ///
    /// ```swift
    /// struct LoggingTransport: HTTPTransport {
    ///     let next = HTTPTransports.makeDefault()
    ///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    ///         let response = try await next.send(request)
    ///         print(request.method, request.url.path, response.status)
    ///         return response
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter timeout: Seconds to wait for a whole exchange before failing (transient).
    public static func makeDefault(timeout: TimeInterval = 30) -> any HTTPTransport {
        #if canImport(CCurl)
        return CurlTransport(timeout: timeout)
        #else
        return URLSessionTransport(timeout: timeout)
        #endif
    }

    /// Starts loading what the default transport needs before its first request, on a thread of its
    /// own, and returns at once; the first request waits for it to finish. A program sure to send
    /// soon calls it first thing, so the loading overlaps the program's own start-up.
    ///
    /// On Linux that is opening and initialising libcurl (with the thirty-odd libraries it needs, a
    /// few milliseconds); elsewhere nothing. Calling it twice, or not at all, changes nothing else.
    ///
    /// ```swift
    /// HTTPTransports.prepareDefault()        // first thing in main
    /// let transport = HTTPTransports.makeDefault()
    /// ```
    public static func prepareDefault() {
        #if canImport(CCurl)
        CurlLibrary.loadInBackground()
        #endif
    }
}
