import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport over one `URLSession`, so the requests of a flow reuse one connection: the default on
/// Apple platforms (``HTTPTransports/makeDefault(timeout:)``), opt-in on Linux.
///
/// It never follows a redirect: a `3xx` comes back as an ``HTTPResponse`` with that status, so a
/// request body (passwords, codes) is never sent on to another URL.
///
/// On Linux, creating it makes swift-corelibs-foundation create
/// `~/.cache/org.swift.foundation.URLCache/<program>` and `~/.local/share/<program>`, whatever the
/// configuration says; that is why ``CurlTransport`` is the default there.
///
/// ```swift
/// let app = try NativeAuthPublicClientApplication(
///     clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso",
///     challengeTypes: [.OOB], transport: URLSessionTransport(timeout: 15))
/// ```
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport with its own ephemeral session (no cookies, no URL cache).
    /// - Parameter timeout: Seconds to wait for a response before failing.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 4
        self.session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        let data: Data
        let response: URLResponse
        do {
            // Redirects are refused by the session's delegate; on Linux a task delegate passed here
            // is not asked (measured: swift-corelibs-foundation, Swift 6.3).
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw HTTPTransportError(
                "\(request.url.host ?? "server"): \(error.localizedDescription)",
                isTransient: Self.transientCodes.contains(error.code))
        }
        guard let http = response as? HTTPURLResponse else {
            throw HTTPTransportError("The response was not HTTP.", isTransient: false)
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    private static let transientCodes: Set<URLError.Code> = [
        .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost,
        .dnsLookupFailed, .notConnectedToInternet,
    ]
}

/// Refuses every HTTP redirect, so the redirect response itself is what the transport returns.
final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
