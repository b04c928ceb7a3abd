import Foundation
import HTTPTypes
import Hummingbird

/// A protocol error answers itself: its status and the service's error envelope, with the request's
/// correlation ID, a fresh trace ID and the time on the emulator's clock (the request's
/// ``RequestExchange``). The envelope is the one of the endpoint the path names: V2's nested one on
/// its `/api/…` steps (``HALErrorBody``), the flat OAuth one everywhere else. On a browser page it is
/// shown as an error page instead (``ErrorPageMiddleware``).
extension ProtocolError: HTTPResponseError {
    func response(from request: Request, context: some RequestContext) throws -> Response {
        let exchange = RequestExchange.of(context, request: request)
        let correlationId = exchange.clientRequestId, traceId = UUID().uuidString.lowercased()
        let timestamp = Timestamps.errorStyle(exchange.now())
        var response: Response
        if case .endpoint(let endpoint, _) = exchange.target, endpoint.body == .json {
            response = try context.responseEncoder.encode(halBody(correlationId: correlationId, traceId: traceId, timestamp: timestamp),
                                                          from: request, context: context)
        } else {
            response = try context.responseEncoder.encode(body(correlationId: correlationId, traceId: traceId, timestamp: timestamp),
                                                          from: request, context: context)
        }
        response.status = status
        return response
    }
}

extension ProtocolError {
    /// What the emulator answers for a failure of its own (an error no rule of the protocol
    /// describes, such as a state file that cannot be written): the service's `server_error`.
    static func internalError(_ error: any Error) -> ProtocolError {
        ProtocolError(status: .internalServerError, error: "server_error", code: 90033,
                      message: "The emulator hit an internal error: \(error)")
    }
}
