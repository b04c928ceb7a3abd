// This file is compiled in NativeAuth where NativeAuth has no libcurl transport (Apple platforms,
// where URLSession is the default transport), and in NativeAuthURLSession on Linux
// (Sources/NativeAuthURLSession holds a symbolic link to it), so that a program using NativeAuth on
// Linux does not link FoundationNetworking, which loads libcurl at start.
#if (NATIVEAUTH_URLSESSION_MODULE && os(Linux)) || (!NATIVEAUTH_URLSESSION_MODULE && !canImport(CCurl))
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if NATIVEAUTH_URLSESSION_MODULE
import NativeAuth
#endif
import NativeAuthShared

/// A transport over one `URLSession`, so the requests of a flow reuse one connection: the default on
/// Apple platforms (``HTTPTransports/makeDefault(timeout:)``), opt-in on Linux.
///
/// On Apple platforms it is part of `NativeAuth`. On Linux it is in the `NativeAuthURLSession`
/// library (`import NativeAuthURLSession`): FoundationNetworking links libcurl, and keeping it out of
/// `NativeAuth` there lets a program that never sends (or sends through ``CurlTransport``, which
/// opens libcurl on its first request) start without loading libcurl and its libraries.
/// `import NativeAuthURLSession` compiles on every platform (the module is empty on Apple ones).
///
/// What it guarantees, like ``CurlTransport``:
/// - **No redirects.** A `3xx` comes back as an ``HTTPResponse`` with that status, so a request body
///   (passwords, codes) is never sent on to another URL.
/// - **Bounded input.** A response body over `maximumResponseBodySize` (1 MiB by default) cancels the
///   transfer as soon as the limit is passed and fails with a non-transient ``HTTPTransportError``.
/// - **An overall deadline.** `timeout` bounds the whole exchange, not just the wait between two
///   bytes: a server that sends a byte every few seconds cannot hold a request forever.
/// - **Cancellation**: cancelling the task that awaits ``send(_:)`` cancels the transfer.
/// - **Loopback is never proxied.** A request to `127.0.0.0/8`, `::1` or `localhost` goes straight to
///   this machine, so a proxy never sees a password or token sent in plain http to a local server,
///   nor answers in its place; every other host uses the system's proxy settings as usual. On Apple
///   platforms such requests go through a second session whose `connectionProxyDictionary` is
///   empty. On Linux, FoundationNetworking ignores `connectionProxyDictionary` and its libcurl
///   follows the proxy environment variables (`http_proxy`, `https_proxy`, `ALL_PROXY`, ...), so while
///   one of them is set, loopback requests are sent by a ``CurlTransport`` of the same timeout and
///   body limit (which never proxies loopback) instead of `URLSession`.
///
/// On Linux, creating it makes swift-corelibs-foundation create
/// `~/.cache/org.swift.foundation.URLCache/<program>` and `~/.local/share/<program>`, whatever the
/// configuration says; that is why ``CurlTransport`` is the default there. Unlike ``CurlTransport``, it
/// cannot promise that a request marked not ``HTTPRequest/isReplayable`` is never resent by the system.
///
/// ```swift
/// let app = try NativeAuthPublicClientApplication(
///     clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso",
///     challengeTypes: [.OOB], transport: URLSessionTransport(timeout: 15))
/// ```
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let transfers: URLSessionTransfers
    private let timeout: TimeInterval
    // Linux (this module there) sends loopback requests through libcurl; where NativeAuth compiles
    // this file itself (Apple platforms, or a Linux build without CCurl such as the fuzz targets'),
    // a second session with no proxy does.
    #if NATIVEAUTH_URLSESSION_MODULE
    /// Sends loopback requests while a proxy variable is set (see the type's documentation).
    private let loopback: CurlTransport
    #else
    /// For loopback requests: no proxy.
    private let loopbackSession: URLSession
    private let loopbackTransfers: URLSessionTransfers
    #endif

    /// Creates a transport with its own ephemeral session (no cookies, no URL cache).
    /// - Parameters:
    ///   - timeout: Seconds for a whole exchange, from connecting to the last byte of the body.
    ///   - maximumResponseBodySize: Most bytes of response body accepted.
    public init(timeout: TimeInterval = 30, maximumResponseBodySize: Int = HTTPTransports.defaultMaximumResponseBodySize) {
        precondition(timeout > 0 && maximumResponseBodySize >= 0, "URLSessionTransport limits must be positive")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 4
        self.timeout = timeout
        self.transfers = URLSessionTransfers(maximumBodySize: maximumResponseBodySize)
        self.session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
        #if NATIVEAUTH_URLSESSION_MODULE
        self.loopback = CurlTransport(timeout: timeout, maximumResponseBodySize: maximumResponseBodySize)
        #else
        let direct = configuration.copy() as! URLSessionConfiguration
        direct.connectionProxyDictionary = [:]
        self.loopbackTransfers = URLSessionTransfers(maximumBodySize: maximumResponseBodySize)
        self.loopbackSession = URLSession(configuration: direct, delegate: loopbackTransfers, delegateQueue: nil)
        #endif
    }

    deinit {
        session.finishTasksAndInvalidate()
        #if !NATIVEAUTH_URLSESSION_MODULE
        loopbackSession.finishTasksAndInvalidate()
        #endif
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        guard LoopbackHost.isLoopback(request.url.host ?? "") else {
            return try await send(request, on: session, transfers: transfers)
        }
        #if NATIVEAUTH_URLSESSION_MODULE
        if Self.proxyVariableIsSet() { return try await loopback.send(request) }
        return try await send(request, on: session, transfers: transfers)
        #else
        return try await send(request, on: loopbackSession, transfers: loopbackTransfers)
        #endif
    }

    #if NATIVEAUTH_URLSESSION_MODULE
    /// Whether libcurl would look for a proxy: one of the variables it reads is set (`http_proxy` for
    /// http, `https_proxy` for https, `all_proxy` for both; lower or upper case).
    private static func proxyVariableIsSet() -> Bool {
        ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"].contains { name in
            guard let value = getenv(name) else { return false }
            return value.pointee != 0
        }
    }
    #endif

    private func send(_ request: HTTPRequest, on session: URLSession, transfers: URLSessionTransfers) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        let task = session.dataTask(with: urlRequest)
        let host = request.url.host ?? "server"
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfers.begin(task, host: host, continuation: continuation)
                // The overall deadline: the session's own timeouts reset with every byte on Linux.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [transfers, timeout] in
                    transfers.expire(task, after: timeout)
                }
                task.resume()
            }
        } onCancel: {
            transfers.cancel(task)
        }
    }
}
#endif
