#if canImport(CCurl)
internal import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``HTTPTransportError``s of ``CurlTransport``: each says what failed and on which host, never
/// quoting a body or a header, and says whether trying again soon may work.
enum CurlErrors {
    /// The error for a transfer libcurl ended with `code`, after `requestBytesSent` bytes of request
    /// went out (nothing sent means the server cannot have the request).
    static func error(for code: CURLcode, host: String, options: CurlOptions, requestBytesSent: Int) -> HTTPTransportError {
        let (what, isTransient): (String, Bool)
        switch code {
        case CURLE_COULDNT_CONNECT:
            (what, isTransient) = ("could not connect to the server", true)
        case CURLE_COULDNT_RESOLVE_HOST:
            (what, isTransient) = ("the host name could not be resolved", true)
        case CURLE_COULDNT_RESOLVE_PROXY:
            (what, isTransient) = ("the proxy's host name could not be resolved", true)
        case CURLE_OPERATION_TIMEDOUT:
            (what, isTransient) = (
                "the request timed out (limits: \(Self.seconds(options.connectTimeout)) to connect, "
                    + "\(Self.seconds(options.timeout)) in all)", true)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE,
             CURLE_HTTP2, CURLE_HTTP2_STREAM:
            (what, isTransient) = ("the connection was lost before a complete response arrived", true)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_INVALIDCERTSTATUS,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_CLIENTCERT:
            (what, isTransient) = ("the TLS handshake failed", false)
        case CURLE_PEER_FAILED_VERIFICATION:
            (what, isTransient) = ("the server's TLS certificate could not be verified", false)
        case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CRL_BADFILE:
            (what, isTransient) = ("the CA certificate file could not be loaded", false)
        case CURLE_UNSUPPORTED_PROTOCOL:
            (what, isTransient) = ("only http and https URLs are allowed", false)
        case CURLE_URL_MALFORMAT:
            (what, isTransient) = ("the URL is malformed", false)
        case CURLE_WEIRD_SERVER_REPLY:
            (what, isTransient) = ("the server's reply is not valid HTTP", false)
        case CURLE_PROXY:
            (what, isTransient) = ("the proxy refused the connection", false)
        default:
            let name = ccurl_easy_strerror(code).map { String(cString: $0) } ?? "unknown error"
            (what, isTransient) = ("the request failed (\(name))", false)
        }
        let neverSent: Set<UInt32> = [
            CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SSL_CONNECT_ERROR,
            CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_UNSUPPORTED_PROTOCOL,
            CURLE_URL_MALFORMAT, CURLE_PROXY,
        ].reduce(into: []) { $0.insert($1.rawValue) }
        let reached = requestBytesSent > 0 && !neverSent.contains(code.rawValue)
        return HTTPTransportError("\(host): \(what) (curl error \(code.rawValue)).", isTransient: isTransient, mayHaveReachedServer: reached)
    }

    /// The response body went over the limit.
    static func bodyTooLarge(host: String, limit: Int) -> HTTPTransportError {
        HTTPTransportError("\(host): the response body is larger than \(limit) bytes; it was refused.", isTransient: false)
    }

    /// The response headers went over a limit.
    static func headersTooLarge(host: String, maximumCount: Int, maximumBytes: Int) -> HTTPTransportError {
        HTTPTransportError(
            "\(host): the response has more than \(maximumCount) header fields or \(maximumBytes) bytes of headers; it was refused.",
            isTransient: false)
    }

    /// The request cannot be sent as given (a header with a line break, say).
    static func invalidRequest(host: String, _ reason: String) -> HTTPTransportError {
        HTTPTransportError("\(host): the request was not sent: \(reason).", isTransient: false, mayHaveReachedServer: false)
    }

    /// libcurl could not be set up (out of memory, or a libcurl without a needed feature).
    static func setupFailed(host: String, step: String) -> HTTPTransportError {
        HTTPTransportError("\(host): libcurl could not be set up (\(step)).", isTransient: false, mayHaveReachedServer: false)
    }

    /// libcurl could not be loaded: `CurlTransport` opens it when it first sends (it is not linked).
    static func libraryMissing(host: String, reason: String) -> HTTPTransportError {
        HTTPTransportError(
            "\(host): libcurl could not be loaded (\(reason)); install libcurl 4 (Debian and Ubuntu: the libcurl4 package).",
            isTransient: false, mayHaveReachedServer: false)
    }

    /// The transport was shut down with the transfer still running.
    static func shutDown(host: String) -> HTTPTransportError {
        HTTPTransportError("\(host): the transport was shut down before the response arrived.", isTransient: false)
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\((interval * 10).rounded(.toNearestOrEven) / 10) s"
    }
}
#endif
