import Hummingbird

/// Answers an admin request whose `?tenant=` names no tenant (``RequestExchange/tenantFailure``,
/// set by ``TenantDispatch``): its 404 (or the database's 500), in the admin API's JSON, or as a
/// console page under `/_emulator/console`. It comes after ``AdminGate``, so a caller without the
/// admin token learns nothing of which tenants exist; and before the routes, so that no admin
/// endpoint acts on the demo tenant in place of the one named.
struct AdminTenantCheck<Context: EmulatorRequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if context.exchange.target == .admin, let failure = context.exchange.tenantFailure {
            if ConsoleSession.isConsole(request.uri.path) {
                throw ConsoleFailure(message: failure.message, status: failure.status)
            }
            throw AdminError(status: failure.status, message: failure.message)
        }
        return try await next(request, context)
    }
}
