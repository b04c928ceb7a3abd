import Foundation
import HTTPTypes
import Hummingbird

/// The admin API's tenants (issue 34, item 3): `POST /_emulator/tenants` `{"subdomain":"job42"}`
/// makes one (201, ``AdminAnswer/Tenant``), `GET /_emulator/tenants` lists them, `DELETE
/// /_emulator/tenants/{subdomain}` removes one and all it holds (204). Served on the demo tenant's
/// router, behind the same ``AdminGate``; every other admin endpoint acts on the tenant its
/// `?tenant=` names (``TenantDispatch``).
struct TenantAdminRoutes: Sendable {
    let tenants: TenantRegistry

    private struct Creation: Decodable {
        var subdomain: String
    }

    /// Adds the routes to `router` under `/_emulator/tenants`.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        let group = router.group("_emulator/tenants").add(middleware: UnexpectedErrorMiddleware<Context> { error in
            AdminError(status: 500, message: "\(error)")
        })
        group.get { _, _ in AdminAnswer.Tenants(tenants: try tenants.all().map(AdminAnswer.Tenant.init)) }
        group.post { request, context in
            let creation = try AdminRequests.decode(Creation.self, from: try await AdminRequests.body(of: request))
            let core = try await Self.mapped { try await tenants.create(subdomain: creation.subdomain) }
            return try EditedResponse(status: .created, response: AdminAnswer.Tenant(core)).response(from: request, context: context)
        }
        group.delete(":subdomain") { _, context in
            let subdomain = try context.parameters.require("subdomain")
            try await Self.mapped { try tenants.remove(subdomain: subdomain) }
            return Response(status: .noContent)
        }
    }

    /// Runs `body`, turning the registry's refusals into the admin API's errors.
    private static func mapped<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let failure as TenantRegistry.Failure {
            switch failure {
            case .invalidSubdomain:
                throw AdminError(status: 400, message: "subdomain must be 1 to 63 letters, digits and hyphens, not starting or ending with one")
            case .tenantIdShapedSubdomain:
                throw AdminError(status: 400, message: "subdomain must not be shaped as a tenant ID (a GUID), which names tenants by their ID")
            case .exists: throw AdminError(status: 409, message: "a tenant with that subdomain exists")
            case .unknown: throw AdminError(status: 404, message: "no tenant with that subdomain")
            case .demoTenant: throw AdminError(status: 400, message: "the demo tenant cannot be removed")
            }
        }
    }
}
