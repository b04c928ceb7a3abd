import HTTPTypes
import Hummingbird

/// The emulator's first middleware: opens each request's ``RequestExchange`` (what its path names,
/// its correlation ID: the `client-request-id` it sent or a new one, and the emulator's clock), turns
/// an error thrown after it into its answer (an `HTTPResponseError` renders itself, with the exchange),
/// and echoes the correlation ID in `client-request-id` on every answer, error or not (a queued fault
/// may name its own).
struct ExchangeMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let clientRequestId = request.clientRequestId()
        context.exchange = RequestExchange(
            target: RequestTarget(path: request.uri.path, adminAPI: core.configuration.adminToken != nil,
                                  apiVersion: core.configuration.v2APIVersion),
            clientRequestId: clientRequestId, clock: core.clock, tenantFailure: context.exchange.tenantFailure)
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if response.headers[.clientRequestId] == nil {
            response.headers[.clientRequestId] = clientRequestId
        }
        return response
    }
}
