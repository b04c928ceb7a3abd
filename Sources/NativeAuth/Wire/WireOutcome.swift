#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one native-auth request came to, after retries: the endpoint's success body, or a rejection.
enum WireOutcome<Success: Sendable>: Sendable {
    /// HTTP 200 with the endpoint's success body.
    case success(Success)
    /// Anything else: see ``WireRejection``.
    case rejected(WireRejection)
}

/// A request that did not succeed. Flows turn it into their own public error types (each flow has its
/// error mapping) and never build one themselves.
enum WireRejection: Sendable, Equatable {
    /// HTTP 200 with `challenge_type: "redirect"`: the native flow is over, a browser is required.
    case redirect(reason: String?)
    /// HTTP 400 or 401 with a protocol error body.
    case protocolError(ServerErrorResponse, status: Int)
    /// No usable answer: no response, another status, or a body that does not decode.
    case unavailable(WireFailure)

    /// The continuation token a protocol error carries so that the flow can go on
    /// (`credential_required`, `attributes_required`, `mfa_required`, `registration_required`).
    var continuationToken: String? {
        if case .protocolError(let error, _) = self { return error.continuationToken }
        return nil
    }

    /// The protocol error, if the server sent one.
    var serverError: ServerErrorResponse? {
        if case .protocolError(let error, _) = self { return error }
        return nil
    }

    /// What the rejection was, for logs: never tokens or codes.
    var logSummary: String {
        switch self {
        case .redirect: return "redirect"
        case .protocolError(let error, let status):
            return "HTTP \(status) \(error.error)" + (error.suberror.map { "/\($0)" } ?? "") + " \(error.errorCodes)"
        case .unavailable(let failure): return failure.message
        }
    }
}

/// A request that produced neither a success nor a protocol error.
struct WireFailure: Error, Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// No response arrived (connection refused or lost, timeout). `mayHaveReachedServer` is false
        /// only when the request certainly never left (see ``HTTPTransportError/mayHaveReachedServer``).
        case transport(message: String, mayHaveReachedServer: Bool)
        /// A redirect (3xx), never followed; the host its `Location` names, if it names one.
        case redirect(status: Int, locationHost: String?)
        /// A status other than 200, 400, 401 and 3xx (after retries), such as 500, 503 or 429.
        case unexpectedStatus(Int)
        /// A 200, 400 or 401 whose body is not what the protocol says.
        case undecodableBody(status: Int, detail: String)
    }

    let kind: Kind

    /// A sentence for people, without secrets.
    var message: String {
        switch kind {
        case .transport(let message, _):
            return "Could not reach the server: \(message)"
        case .unexpectedStatus(429):
            return "The server is rate limiting requests (HTTP 429). Try again later."
        case .unexpectedStatus(let status) where (500...599).contains(status):
            return "The server failed (HTTP \(status))."
        case .redirect(let status, let host):
            let target = host.map { "to \($0)" } ?? "without naming another host"
            return "The server answered with a redirect (HTTP \(status)) \(target), which is never followed: the form holds secrets."
        case .unexpectedStatus(let status):
            return "The server answered with unexpected HTTP status \(status)."
        case .undecodableBody(let status, let detail):
            return "The server's response (HTTP \(status)) could not be read: \(detail)"
        }
    }

    /// The HTTP status, when a response arrived.
    var httpStatus: Int? {
        switch kind {
        case .transport: return nil
        case .redirect(let status, _): return status
        case .unexpectedStatus(let status): return status
        case .undecodableBody(let status, _): return status
        }
    }
}
