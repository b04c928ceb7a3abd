import Foundation
import Hummingbird
import NativeAuthShared

/// The instance's responder: hands each request to the router of the tenant it is for
/// (``EmulatorRouter``, one per tenant, made the first time the tenant is asked for), so that all a
/// tenant's middleware and routes act on its own ``EmulatorCore``.
///
/// - `/{tenant}/…` (a protocol endpoint or a page): the tenant its domain or GUID names; an unknown
///   one goes to the demo tenant, whose ``TenantMiddleware`` answers `invalid_request` 90002.
/// - `/_emulator/…`: the tenant of `?tenant=` (its subdomain, domain or GUID; the demo tenant without
///   one); `/_emulator/tenants` and the console's tenants page, login and logout are the demo
///   tenant's router's (``TenantAdminRoutes``, ``ConsoleRoutes``). An unknown `?tenant=` goes to the
///   demo tenant's router.
/// - `/v1.0/me`: the tenant whose GUID is the bearer token's `tid` (read without trusting it: that
///   tenant's router checks the token), else the demo tenant.
/// - anything else: the demo tenant (its 404).
///
/// A `HEAD` is answered as the `GET` of the same path (its body left out by the server).
struct TenantDispatch<Context: EmulatorRequestContext>: HTTPResponder {
    let tenants: TenantRegistry
    /// The router of each tenant served, by domain: a tenant made again under the same subdomain (a
    /// new ``EmulatorCore``) replaces its predecessor's.
    private let routers: Locked<[String: (core: EmulatorCore, responder: RouterResponder<Context>)]>
    private let demoRouter: RouterResponder<Context>

    init(tenants: TenantRegistry, context: Context.Type = Context.self) {
        self.tenants = tenants
        self.demoRouter = EmulatorRouter.make(core: tenants.demo, tenants: tenants, context: Context.self).buildResponder()
        self.routers = Locked([:])
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        // HEAD is GET without the body (RFC 9110, 9.3.2): the GET's status and header fields, for a
        // load balancer's or `curl -I`'s check.
        if request.method == .head {
            var head = request.head
            head.method = .get
            return try await respond(to: Request(head: head, body: request.body), context: context).createHeadResponse()
        }
        var context = context
        let core: EmulatorCore
        do {
            core = try tenant(of: request) ?? tenants.demo
        } catch let failure as RequestExchange.TenantFailure {
            context.exchange.tenantFailure = failure
            core = tenants.demo
        } catch {
            // A path under a tenant goes to the demo tenant, whose check answers its unknown tenant.
            if request.uri.path.split(separator: "/").first == "_emulator" {
                context.exchange.tenantFailure = RequestExchange.TenantFailure(
                    status: 500, message: "the tenant could not be looked up: \(error)")
            }
            core = tenants.demo
        }
        return try await router(for: core).respond(to: request, context: context)
    }

    private func router(for core: EmulatorCore) -> RouterResponder<Context> {
        if core === tenants.demo { return demoRouter }
        return routers.withLock { routers in
            if let known = routers[core.tenantDomain], known.core === core { return known.responder }
            let made = EmulatorRouter.make(core: core, context: Context.self).buildResponder()
            routers[core.tenantDomain] = (core, made)
            return made
        }
    }

    private func tenant(of request: Request) throws -> EmulatorCore? {
        let segments = request.uri.path.split(separator: "/")
        guard let first = segments.first else { return nil }
        if first == "_emulator" {
            // The instance's own: the tenants, and the console's tenants page, login and logout.
            let rest = Array(segments.dropFirst())
            if rest.first == "tenants" || rest == ["console"] || (rest.first == "console" && ["login", "logout", "tenants"].contains(rest.dropFirst().first)) {
                return nil
            }
            let name = request.uri.queryParameters.get("tenant")
            guard let core = try tenants.tenant(adminParameter: name) else {
                throw RequestExchange.TenantFailure(
                    status: 404, message: "no tenant \(name ?? "") (?tenant= names a tenant's subdomain, domain or ID; "
                        + "GET /_emulator/tenants lists them)")
            }
            return core
        }
        if segments == ["v1.0", "me"] {
            return try Self.bearerTenantId(request).flatMap { try tenants.tenant(named: $0) }
        }
        return segments.count > 1 ? try tenants.tenant(named: String(first)) : nil
    }

    /// The `tid` claim of the request's bearer token, unverified.
    private static func bearerTenantId(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        let parts = header.dropFirst("bearer ".count).split(separator: ".")
        guard parts.count == 3, let payload = Base64URL.decode(String(parts[1])),
              let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any] else { return nil }
        return claims["tid"] as? String
    }
}
