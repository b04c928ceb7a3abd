import Hummingbird

extension AdminAnswer {
    /// `POST /_emulator/tenants` (201) and each tenant of `GET /_emulator/tenants`: where to point the
    /// library for it.
    struct Tenant: ResponseEncodable, Sendable {
        let tenantId: String
        let subdomain: String
        let authority: String
        let clientId: String

        init(_ core: EmulatorCore) {
            tenantId = core.tenantId
            subdomain = String(core.tenantDomain.dropLast(".onmicrosoft.com".count))
            authority = "\(core.baseURL)/\(core.tenantDomain)"
            clientId = core.clientId
        }
    }

    /// `GET /_emulator/tenants`: the demo tenant first, then the others by subdomain.
    struct Tenants: ResponseEncodable, Sendable {
        let tenants: [Tenant]
    }
}
