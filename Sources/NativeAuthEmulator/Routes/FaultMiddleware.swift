import Foundation
import HTTPTypes
import Hummingbird

/// Applies the fault queued for a protocol endpoint (`POST /_emulator/faults`) before anything else
/// looks at the request (its tenant, its method): waits `delayMs`, then drops the connection, or answers
/// with the fault's status, headers and body (a protocol error body when it has none:
/// `temporarily_unavailable` for 503 and 429, else `server_error`; none for 204 and 304), or lets
/// the request through. A faulted request does not touch the state.
struct FaultMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard case .endpoint(let endpoint, _) = context.exchange.target, let fault = core.faults.take(for: endpoint.faultName) else {
            return try await next(request, context)
        }
        if let delay = fault.delayMs, delay > 0 {
            try? await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
        }
        if fault.dropConnection == true {
            context.exchange.logNotes?.noteFault(droppedConnection: true)
            await context.dropConnection()
            return Response(status: .internalServerError)
        }
        guard let status = fault.status else { return try await next(request, context) }
        context.exchange.logNotes?.noteFault()
        return try answer(fault, status: HTTPResponse.Status(code: status), request: request, context: context)
    }

    private func answer(_ fault: Fault, status: HTTPResponse.Status, request: Request, context: Context) throws -> Response {
        var response: Response
        if !Fault.statusHasBody(status.code) {
            response = Response(status: status)
        } else if let body = fault.body {
            response = EmulatorJSONEncoder.response(json: ByteBuffer(string: body), status: status)
        } else {
            let error = status == .serviceUnavailable || status == .tooManyRequests ? "temporarily_unavailable" : "server_error"
            response = try ProtocolError(status: status, error: error, code: 90033,
                                         message: "Injected fault (HTTP \(status.code)) from the emulator's fault queue.")
                .response(from: request, context: context)
        }
        for (name, value) in (fault.headers ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        return response
    }
}
