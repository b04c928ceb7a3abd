import Foundation

extension EmulatorCore {
    /// The JSON answer for a protocol error, with the request's correlation ID and a fresh trace ID.
    func errorReply(_ error: ProtocolError, clientRequestId: String) -> HTTPReply {
        let body = error.body(correlationId: clientRequestId, traceId: UUID().uuidString.lowercased(),
                              timestamp: Timestamps.errorStyle(clock.now()))
        return .json(body, status: error.status)
    }

    /// The answer for a queued fault with a status: its body, or a protocol error body
    /// (`temporarily_unavailable` for 503 and 429, else `server_error`), and its headers.
    func faultReply(_ fault: Fault, status: Int, clientRequestId: String) -> HTTPReply {
        var reply: HTTPReply
        if let body = fault.body {
            reply = HTTPReply(status: status, body: body)
        } else {
            let error = status == 503 || status == 429 ? "temporarily_unavailable" : "server_error"
            reply = errorReply(ProtocolError(status: status, error: error, code: 90033,
                                             message: "Injected fault (HTTP \(status)) from the emulator's fault queue."),
                               clientRequestId: clientRequestId)
        }
        reply.headers = (fault.headers ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return reply
    }
}
