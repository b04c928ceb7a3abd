import Hummingbird

/// Answers a request no route matched (Hummingbird's router throws a 404 `HTTPError` for it) as the
/// service answers an unknown endpoint: a 404 protocol error body, recorded in the request log.
struct UnknownPathMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let clientRequestId = request.clientRequestId()
            let reply = core.errorReply(.notFound(request.uri.path), clientRequestId: clientRequestId)
            core.requestLog.record(request, form: nil, status: reply.status, clientRequestId: clientRequestId, time: core.clock.now())
            return reply.response(clientRequestId: clientRequestId)
        }
    }
}
