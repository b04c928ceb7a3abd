import Hummingbird

/// Checks the tenant of a request to a protocol endpoint or a page (`/{tenant}/…`): the emulator's
/// domain or its tenant ID (``EmulatorCore/servesTenant(_:)``), else `invalid_request` 90002, before
/// its method is checked. The one place a request's tenant is read: the place to pick the tenant
/// when the emulator serves several.
struct TenantMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let tenant = context.exchange.target.tenant, !core.servesTenant(tenant) {
            throw ProtocolError.unknownTenant(tenant)
        }
        return try await next(request, context)
    }
}
