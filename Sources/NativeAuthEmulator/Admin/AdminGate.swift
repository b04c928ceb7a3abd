import Hummingbird

/// Lets a request through to the admin API only from a loopback peer that carries the admin token as
/// `Authorization: Bearer TOKEN`; answers others 403 or 401.
struct AdminGate<Context: EmulatorRequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.peerIsLoopback else {
            return AdminRoutes.error(403, "the emulator's admin API only answers loopback peers")
                .response(clientRequestId: request.clientRequestId())
        }
        guard AdminRoutes.isAuthorized(request, token: token) else {
            var reply = AdminRoutes.error(401, "the admin API needs the emulator's admin token: Authorization: Bearer TOKEN "
                + "(printed by `nativeauth emulator` at start, and in the file admin-token of its state folder)")
            reply.headers = [("WWW-Authenticate", #"Bearer realm="nativeauth-emulator""#)]
            return reply.response(clientRequestId: request.clientRequestId())
        }
        return try await next(request, context)
    }
}
