import Hummingbird

/// The emulator's routes on Hummingbird's router: the admin API under `/_emulator` (only with an
/// admin token; without one it is an unknown path), Graph's `/v1.0/me`, the browser pages and the
/// protocol endpoints under `/{tenant}/`. Any other path is a 404 protocol error.
enum EmulatorRouter {
    /// The router for `core`, with the request context `Context` (``ConnectionContext`` on a served
    /// connection).
    static func make<Context: EmulatorRequestContext>(core: EmulatorCore, context: Context.Type = Context.self) -> Router<Context> {
        let router = Router(context: Context.self)
        if let token = core.configuration.adminToken {
            AdminRoutes(core: core).add(to: router, token: token)
        }
        GraphRoutes(core: core).add(to: router)
        WebRoutes(core: core).add(to: router)
        ProtocolRoutes(core: core).add(to: router)
        // Added last, so it wraps only the router's own "not found".
        router.add(middleware: UnknownPathMiddleware<Context>(core: core))
        return router
    }
}
