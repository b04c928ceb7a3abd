// This file is compiled in NativeAuth where NativeAuth has no libcurl transport (Apple platforms,
// where URLSession is the default transport), and in NativeAuthURLSession on Linux
// (Sources/NativeAuthURLSession holds a symbolic link to it), so that a program using NativeAuth on
// Linux does not link FoundationNetworking, which loads libcurl at start.
#if (NATIVEAUTH_URLSESSION_MODULE && os(Linux)) || (!NATIVEAUTH_URLSESSION_MODULE && !canImport(CCurl))
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if NATIVEAUTH_URLSESSION_MODULE
import NativeAuth
#endif

/// The session delegate of a ``URLSessionTransport``: collects each task's response and body,
/// refuses redirects, enforces the body limit and the overall deadline, and resumes the waiting
/// `send` exactly once.
///
/// A session delegate rather than `URLSession.data(for:)`, because only a delegate sees the body
/// while it arrives (to stop at the limit) and, on Linux, only the session's delegate is asked about
/// redirects (a task delegate is not; measured on swift-corelibs-foundation, Swift 6.3).
final class URLSessionTransfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var host: String
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var body = Data()
        /// Why the transfer was cancelled by the transport, when it was.
        var failure: (any Error)?
    }

    private let maximumBodySize: Int
    private let transfers = Mutex<[Int: Transfer]>([:])

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    func begin(_ task: URLSessionTask, host: String, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(host: host, continuation: continuation) }
    }

    /// The task's task was cancelled.
    func cancel(_ task: URLSessionTask) {
        stop(task, because: CancellationError())
    }

    /// The overall deadline passed: fail the task if it is still running.
    func expire(_ task: URLSessionTask, after timeout: TimeInterval) {
        let host = transfers.withLock { $0[task.taskIdentifier]?.host } ?? "server"
        let seconds = timeout == timeout.rounded() ? "\(Int(timeout)) s" : String(format: "%.1f s", timeout)
        stop(task, because: HTTPTransportError("\(host): the request timed out (limit: \(seconds) in all).", isTransient: true))
    }

    private func stop(_ task: URLSessionTask, because failure: any Error) {
        let running = transfers.withLock { transfers -> Bool in
            guard transfers[task.taskIdentifier] != nil else { return false }
            if transfers[task.taskIdentifier]?.failure == nil { transfers[task.taskIdentifier]?.failure = failure }
            return true
        }
        if running { task.cancel() }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let declared = response.expectedContentLength
        if declared > Int64(maximumBodySize) {
            stop(dataTask, because: tooLarge(dataTask))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return false }
            guard transfer.body.count + data.count <= maximumBodySize else { return true }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return false
        }
        if over { stop(dataTask, because: tooLarge(dataTask)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error = error as? URLError {
            transfer.continuation.resume(throwing: HTTPTransportError(
                "\(transfer.host): \(error.localizedDescription)", isTransient: Self.transientCodes.contains(error.code),
                mayHaveReachedServer: !Self.neverSentCodes.contains(error.code)))
        } else if let error {
            transfer.continuation.resume(throwing: HTTPTransportError("\(transfer.host): \(error)", isTransient: false))
        } else if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            transfer.continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: transfer.body))
        } else {
            transfer.continuation.resume(throwing: HTTPTransportError("\(transfer.host): the response was not HTTP.", isTransient: false))
        }
    }

    private func tooLarge(_ task: URLSessionTask) -> HTTPTransportError {
        let host = task.originalRequest?.url?.host ?? "server"
        return HTTPTransportError("\(host): the response body is larger than \(maximumBodySize) bytes; it was refused.", isTransient: false)
    }

    private static let transientCodes: Set<URLError.Code> = [
        .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost,
        .dnsLookupFailed, .notConnectedToInternet,
    ]

    /// Failures that happen before the request leaves.
    private static let neverSentCodes: Set<URLError.Code> = [
        .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet, .unsupportedURL, .badURL,
    ]
}
#endif
