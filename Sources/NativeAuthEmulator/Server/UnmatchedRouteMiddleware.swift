import Hummingbird

/// Answers a request no route matched. Hummingbird's router matches a path and a method together and
/// throws a 404 `HTTPError` for either miss; this middleware, added after every route so that it wraps
/// only that answer, tells the two apart by what the path names (``RequestTarget``) and answers in the
/// shape of what was addressed: a wrong method on a protocol endpoint is the 405 protocol error
/// (`invalid_request`, 90056), on a page an error page with 405, on `/v1.0/me` Graph's 405; a path
/// the admin API does not serve is its 404; any other path the 404 protocol error (`not_found`, 90027).
/// The middlewares before it (fault, tenant check, admin gate, request log) have run by then.
struct UnmatchedRouteMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            switch context.exchange.target {
            case .endpoint, .page:
                throw ProtocolError.methodNotAllowed(request.method.rawValue)
            case .graphMe:
                throw GraphRoutes.methodNotAllowed(request.method, date: core.clock.now(), clientRequestId: context.exchange.clientRequestId)
            case .admin:
                throw AdminRoutes.unknownEndpoint(request)
            case .unknown:
                throw ProtocolError.notFound(request.uri.path)
            }
        }
    }
}
