import Foundation

/// What one native-auth request came to, after retries.
enum WireOutcome<Success: Sendable>: Sendable {
    /// HTTP 200 with the endpoint's success body.
    case success(Success)
    /// HTTP 200 with `challenge_type: "redirect"`: the native flow is over, a browser is required.
    case redirect(reason: String?)
    /// HTTP 400 with a protocol error.
    case protocolError(ServerErrorResponse)
    /// Anything else: no response, another status, or a body that does not decode.
    case failure(WireFailure)
}

/// A request that produced neither a success nor a protocol error.
struct WireFailure: Error, Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// No response arrived (connection refused or lost, timeout).
        case transport(message: String)
        /// A status other than 200 and 400 (after retries), such as 500, 503 or 429.
        case unexpectedStatus(Int)
        /// A 200 or 400 whose body is not what the protocol says.
        case undecodableBody(status: Int, detail: String)
    }

    let kind: Kind

    /// A sentence for people, without secrets.
    var message: String {
        switch kind {
        case .transport(let message):
            return "Could not reach the server: \(message)"
        case .unexpectedStatus(429):
            return "The server is rate limiting requests (HTTP 429). Try again later."
        case .unexpectedStatus(let status) where (500...599).contains(status):
            return "The server failed (HTTP \(status))."
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
        case .unexpectedStatus(let status): return status
        case .undecodableBody(let status, _): return status
        }
    }
}
