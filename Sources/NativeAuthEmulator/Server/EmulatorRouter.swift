import Hummingbird

/// The emulator's routes on Hummingbird's router: the admin API under `/_emulator` (only with an
/// admin token; without one it is an unknown path), Graph's `/v1.0/me`, the browser pages and the
/// protocol endpoints under `/{tenant}/`, each on its own methods.
///
/// What every request goes through is middleware, in this order: ``ExchangeMiddleware`` (what the
/// path names, the correlation ID and its echo, errors rendered), ``RequestLogMiddleware``,
/// ``ErrorPageMiddleware`` (pages show errors as pages), ``AdminGate``, ``AdminTenantCheck`` (an
/// admin `?tenant=` that names no tenant), ``FaultMiddleware``, ``TenantMiddleware``; then the
/// route, or, when none matched, ``UnmatchedRouteMiddleware`` (a wrong method's 405, an unknown
/// path's 404).
enum EmulatorRouter {
    /// The router for the tenant `core`, with the request context `Context` (``ConnectionContext`` on
    /// a served connection). The demo tenant's router is given the instance's `tenants`, for the
    /// admin API's `/_emulator/tenants` (``TenantAdminRoutes``).
    static func make<Context: EmulatorRequestContext>(core: EmulatorCore, tenants: TenantRegistry? = nil,
                                                      context: Context.Type = Context.self) -> Router<Context> {
        let router = Router(context: Context.self)
        // Router middlewares apply to the routes added after them, and all of them to the router's "not found".
        router.add(middleware: ExchangeMiddleware<Context>(core: core))
        router.add(middleware: RequestLogMiddleware<Context>(core: core))
        router.add(middleware: ErrorPageMiddleware<Context>(core: core))
        if let token = core.configuration.adminToken {
            router.add(middleware: AdminGate<Context>(token: token, configuration: core.configuration))
            router.add(middleware: AdminTenantCheck<Context>())
        }
        router.add(middleware: FaultMiddleware<Context>(core: core))
        router.add(middleware: TenantMiddleware<Context>(core: core))
        if let token = core.configuration.adminToken {
            if let tenants { TenantAdminRoutes(tenants: tenants).add(to: router) }
            AdminRoutes(core: core).add(to: router)
            ConsoleRoutes(core: core, tenants: tenants, token: token).add(to: router)
        }
        GraphRoutes(core: core).add(to: router)
        WebRoutes(core: core).add(to: router)
        ProtocolRoutes(core: core).add(to: router)
        // Added last, so it wraps only the router's own "not found".
        router.add(middleware: UnmatchedRouteMiddleware<Context>(core: core))
        return router
    }
}
