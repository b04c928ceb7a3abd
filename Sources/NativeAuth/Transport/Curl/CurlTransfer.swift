#if canImport(CCurl)
internal import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import Synchronization

/// One request on a ``CurlTransport``: its libcurl easy handle, what has arrived so far, and the
/// continuation of the `send` waiting for it.
///
/// Thread confinement: `init` and ``begin(_:)`` run on the caller's thread before the transfer is
/// handed to the worker (the worker's lock orders them before the worker's first look); everything
/// else runs on the worker thread, except ``cancel()`` and ``isCancelled``, which are atomic.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    let options: CurlOptions
    /// The request's host, for error messages.
    let host: String
    private let cancelled = Atomic<Bool>(false)
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?

    // Worker thread only.
    private var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var headers: ResponseHeaderParser
    private var body = Data()
    private var limitError: HTTPTransportError?

    init(_ request: HTTPRequest, options: CurlOptions) {
        self.request = request
        self.options = options
        self.host = request.url.host ?? "server"
        self.headers = ResponseHeaderParser(maximumCount: options.maximumHeaderCount, maximumBytes: options.maximumHeaderBytes)
    }

    deinit {
        releaseHandle()
    }

    /// Records the continuation to resume when the transfer ends (before it goes to the worker).
    func begin(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.continuation = continuation
    }

    /// Asks for the transfer to stop; the worker ends it with `CancellationError`.
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    // MARK: Worker thread

    /// Creates the easy handle and sets every option; the caller adds it to the multi handle.
    func makeHandle() throws(HTTPTransportError) -> UnsafeMutableRawPointer {
        guard let handle = ccurl_easy_init() else { throw CurlErrors.setupFailed(host: host, step: "curl_easy_init") }
        self.handle = handle
        let me = Unmanaged.passUnretained(self).toOpaque()
        func set(_ code: CURLcode, _ step: String) throws(HTTPTransportError) {
            guard code == CURLE_OK else { throw CurlErrors.setupFailed(host: host, step: step) }
        }
        try set(ccurl_easy_setopt_string(handle, CURLOPT_URL, request.url.absoluteString), "URL")
        try set(ccurl_easy_allow_http_only(handle), "protocols http,https")
        if LoopbackHost.isLoopback(host) {
            // This machine is reached directly, whatever `http_proxy`, `https_proxy` or `ALL_PROXY`
            // say (libcurl honours them unless `NO_PROXY` names the host): plain http is allowed only
            // to loopback, and a proxy would see the password or token in clear and could answer
            // in the server's place. Every other host still goes through the environment's proxy.
            try set(ccurl_easy_setopt_string(handle, CURLOPT_NOPROXY, "*"), "no proxy for loopback")
        }
        try set(ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0), "no redirects")
        if !request.isReplayable {
            // libcurl resends a request by itself when a reused connection turns out dead; on a new
            // connection it never does, so a request the server may act on only once goes out once.
            try set(ccurl_easy_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1), "fresh connection")
        }
        try set(ccurl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1), "TLS peer verification")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2), "TLS host verification")
        if let caFile = options.caFile {
            try set(ccurl_easy_setopt_string(handle, CURLOPT_CAINFO, caFile), "CA file")
        }
        try set(ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "no signals")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout)), "connect timeout")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.timeout)), "timeout")
        try set(ccurl_easy_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maximumResponseBodySize)), "body limit")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1), "proxy headers")
        try setMethodAndBody(handle, set)
        try setHeaders(handle, set)

        try set(ccurl_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }, "body callback")
        try set(ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me), "body callback data")
        try set(ccurl_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }, "header callback")
        try set(ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me), "header callback data")
        // Called at least once a second during a transfer: a second way to notice a cancellation, on
        // top of the worker's own sweep.
        try set(ccurl_easy_setopt_long(handle, CURLOPT_NOPROGRESS, 0), "progress")
        try set(ccurl_easy_setopt_xferinfo_callback(handle) { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
        }, "progress callback")
        try set(ccurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, me), "progress callback data")
        return handle
    }

    /// The number of new connections the finished transfer opened (0 when it reused one).
    var connectionsOpened: Int {
        guard let handle else { return 0 }
        var count = 0
        return ccurl_easy_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &count) == CURLE_OK ? count : 0
    }

    /// Resumes `send` with the outcome of libcurl's `code` and frees the handle. The caller has
    /// already removed the handle from the multi handle.
    func finish(_ code: CURLcode) {
        let outcome: Result<HTTPResponse, any Error>
        if isCancelled {
            outcome = .failure(CancellationError())
        } else if let limitError {
            outcome = .failure(limitError)
        } else if code == CURLE_FILESIZE_EXCEEDED {
            outcome = .failure(CurlErrors.bodyTooLarge(host: host, limit: options.maximumResponseBodySize))
        } else if code != CURLE_OK {
            var sent = 0
            if let handle { _ = ccurl_easy_getinfo_long(handle, CURLINFO_REQUEST_SIZE, &sent) }
            outcome = .failure(CurlErrors.error(for: code, host: host, options: options, requestBytesSent: sent))
        } else {
            var status = 0
            if let handle { _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) }
            outcome = .success(HTTPResponse(status: status, headers: headers.fields, body: body))
        }
        resume(outcome)
    }

    /// Resumes `send` with `error` (the transfer never started, or was abandoned) and frees the handle.
    func fail(_ error: any Error) {
        resume(.failure(isCancelled ? CancellationError() : error))
    }

    private func resume(_ outcome: Result<HTTPResponse, any Error>) {
        releaseHandle()
        body = Data()
        continuation?.resume(with: outcome)
        continuation = nil
    }

    private func releaseHandle() {
        if let handle { ccurl_easy_cleanup(handle) }
        handle = nil
        if let headerList { ccurl_slist_free_all(headerList) }
        headerList = nil
    }

    private func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= options.maximumResponseBodySize else {
            limitError = CurlErrors.bodyTooLarge(host: host, limit: options.maximumResponseBodySize)
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    private func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        guard headers.consume(line) else {
            limitError = CurlErrors.headersTooLarge(
                host: host, maximumCount: options.maximumHeaderCount, maximumBytes: options.maximumHeaderBytes)
            return false
        }
        return true
    }

    private typealias Setter = (CURLcode, String) throws(HTTPTransportError) -> Void

    /// GET and HEAD without a body as such; POST, and any method with a body, sends the body
    /// (copied by libcurl) with its exact length.
    private func setMethodAndBody(_ handle: UnsafeMutableRawPointer, _ set: Setter) throws(HTTPTransportError) {
        let method = request.method
        guard !method.isEmpty, method.utf8.allSatisfy({ Self.isTokenByte($0) }) else {
            throw CurlErrors.invalidRequest(host: host, "the method is not a valid HTTP token")
        }
        switch method {
        case "GET" where request.body.isEmpty:
            try set(ccurl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1), "GET")
        case "HEAD" where request.body.isEmpty:
            try set(ccurl_easy_setopt_long(handle, CURLOPT_NOBODY, 1), "HEAD")
        case "POST":
            try setBody(handle, set)
        default:
            try set(ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method), "method")
            if !request.body.isEmpty { try setBody(handle, set) }
        }
    }

    private func setBody(_ handle: UnsafeMutableRawPointer, _ set: Setter) throws(HTTPTransportError) {
        try set(ccurl_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)), "body size")
        let code = request.body.withUnsafeBytes { bytes in
            bytes.baseAddress.map { ccurl_easy_setopt_bytes(handle, CURLOPT_COPYPOSTFIELDS, $0) }
                ?? ccurl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
        }
        try set(code, "body")
    }

    /// The request's headers, and an empty `Expect:` in place of any `Expect` it has, so a body is
    /// never held back waiting for a `100 Continue`. A header with an empty value is sent as `Name;`
    /// (libcurl's spelling).
    private func setHeaders(_ handle: UnsafeMutableRawPointer, _ set: Setter) throws(HTTPTransportError) {
        var lines: [String] = []
        for (name, value) in request.headers where name.lowercased() != "expect" {
            guard !name.isEmpty, name.utf8.allSatisfy({ Self.isTokenByte($0) }) else {
                throw CurlErrors.invalidRequest(host: host, "a header name is not a valid HTTP token")
            }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw CurlErrors.invalidRequest(host: host, "the value of the header \(name) has a line break")
            }
            let trimmed = value.trimmed(.whitespaces)
            lines.append(trimmed.isEmpty ? "\(name);" : "\(name): \(trimmed)")
        }
        lines.append("Expect:")
        for line in lines {
            guard let appended = ccurl_slist_append(headerList, line) else {
                throw CurlErrors.setupFailed(host: host, step: "header list")
            }
            headerList = appended
        }
        try set(ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList), "headers")
    }

    /// RFC 9110 `tchar`: the bytes allowed in a method or a header name.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func milliseconds(_ interval: TimeInterval) -> Int {
        Int(max(1, min(interval * 1000, Double(Int32.max))).rounded())
    }
}
#endif
