import Foundation
import NativeAuthShared

/// The tenants one emulator instance serves: its demo tenant (the configuration's, always there)
/// and those made with `POST /_emulator/tenants`, each an ``EmulatorCore`` of its own (its users,
/// application, policy, signing key, clock, faults, codes and request log), kept in the instance's
/// database under its subdomain. A tenant another instance on the same database made is found there
/// the first time a request names it. One this instance keeps is checked against the database at each
/// look-up: removed there by another instance, it is forgotten; removed and made again (a new tenant ID,
/// application and key under the same subdomain), the new one is opened in its place, so that nothing
/// of the old one is served or written into the new.
final class TenantRegistry: Sendable {
    /// Why the registry refused.
    enum Failure: Error, Equatable {
        /// Not a DNS label.
        case invalidSubdomain
        /// Shaped as a tenant ID (``TenantSettings/isTenantIdShaped(subdomain:)``).
        case tenantIdShapedSubdomain
        /// A tenant with that subdomain exists (or it is the demo tenant's).
        case exists
        /// No tenant of that subdomain.
        case unknown
        /// The demo tenant cannot be removed.
        case demoTenant
    }

    /// The demo tenant.
    let demo: EmulatorCore
    /// The tenants made by the admin API that this instance has served, by subdomain.
    private let made = Locked<[String: EmulatorCore]>([:])

    init(demo: EmulatorCore) {
        self.demo = demo
    }

    /// The tenant a path's first segment names (`{subdomain}.onmicrosoft.com` or its GUID), or nil.
    func tenant(named segment: String) throws -> EmulatorCore? {
        if demo.servesTenant(segment) { return demo }
        let lowered = segment.lowercased()
        if let known = made.withLock({ tenants in tenants.values.first { $0.servesTenant(lowered) } }), try isCurrent(known) {
            return known
        }
        guard let database = demo.database else { return nil }
        let name: String?
        if lowered.hasSuffix(".onmicrosoft.com") {
            name = String(lowered.dropLast(".onmicrosoft.com".count))
        } else {
            name = try database.transaction { sql in try StoredTenant.name(ofTenantId: lowered, sql) }
        }
        guard let name, name != StateStore.defaultTenant else { return nil }
        return try open(name)
    }

    /// The tenant the admin API's `?tenant=` names (its subdomain, domain or GUID): the demo tenant without
    /// one, nil when no tenant has that name, including one this instance kept that another instance
    /// on the same database has removed since (the admin API answers 404 for it, as every instance
    /// does; a protocol request to it finds it gone in its transaction and answers 90002).
    func tenant(adminParameter: String?) throws -> EmulatorCore? {
        guard let adminParameter, !adminParameter.isEmpty else { return demo }
        return try tenant(named: adminParameter) ?? tenant(named: adminParameter + ".onmicrosoft.com")
    }

    /// Whether `core` is still the database's tenant of its subdomain (the same tenant ID: a reset or
    /// an import keeps it, a tenant removed and made again has a new one); one that is not is forgotten.
    private func isCurrent(_ core: EmulatorCore) throws -> Bool {
        guard core !== demo, let database = demo.database, let name = core.settings?.subdomain else { return true }
        if try database.transaction({ sql in try StoredTenant.tenantId(ofName: name, sql) }) == core.tenantId { return true }
        made.withLock { tenants in if tenants[name] === core { tenants.removeValue(forKey: name) } }
        return false
    }

    /// Makes a tenant: the demo users and the seed file's, a new signing key and client ID. Made on a
    /// thread of its own (``DetachedThread/run(_:)``): generating an RSA key takes long enough
    /// (seconds in a debug build) that it must not hold a thread of the pool that serves requests.
    func create(subdomain: String) async throws -> EmulatorCore {
        try await DetachedThread.run { [self] in try make(subdomain: subdomain) }
    }

    private func make(subdomain: String) throws -> EmulatorCore {
        guard TenantSettings.isValid(subdomain: subdomain) else { throw Failure.invalidSubdomain }
        guard !TenantSettings.isTenantIdShaped(subdomain: subdomain) else { throw Failure.tenantIdShapedSubdomain }
        let settings = TenantSettings(subdomain: subdomain)
        guard settings.subdomain != StateStore.defaultTenant, !demo.servesTenant(settings.subdomain + ".onmicrosoft.com"),
              try tenant(named: settings.subdomain + ".onmicrosoft.com") == nil else { throw Failure.exists }
        let core = try EmulatorCore(configuration: demo.configuration, advertisedHost: demo.advertisedHost, settings: settings,
                                    database: demo.database)
        guard core.store.madeTenant else {
            // Another instance made it at the same moment; its settings are the ones stored.
            throw Failure.exists
        }
        core.setPort(demo.port)
        made.withLock { $0[settings.subdomain] = core }
        return core
    }

    /// Removes a tenant and everything it holds.
    func remove(subdomain: String) throws {
        let lowered = subdomain.lowercased()
        if lowered == StateStore.defaultTenant || demo.servesTenant(lowered + ".onmicrosoft.com") { throw Failure.demoTenant }
        guard let core = try tenant(named: lowered + ".onmicrosoft.com") else { throw Failure.unknown }
        try core.store.removeTenant()
        made.withLock { _ = $0.removeValue(forKey: lowered) }
    }

    /// Every tenant this instance knows of: the demo tenant first, then the others by subdomain
    /// (with a database, those other instances made too).
    func all() throws -> [EmulatorCore] {
        if let database = demo.database {
            let names = try database.transaction { sql in try StoredTenant.madeTenants(sql) }.map(\.name)
            return [demo] + (try names.compactMap { try open($0) })
        }
        return [demo] + made.withLock { $0.values.sorted { $0.tenantDomain < $1.tenantDomain } }
    }

    /// Tells every tenant the port the instance listens on.
    func setPort(_ port: Int) {
        demo.setPort(port)
        made.withLock { tenants in for core in tenants.values { core.setPort(port) } }
    }

    /// The tenant `name` of the database, opened (and kept) when it is there.
    private func open(_ name: String) throws -> EmulatorCore? {
        if let known = made.withLock({ $0[name] }) { return known }
        guard let database = demo.database,
              let stored = try database.transaction({ sql in try StoredTenant.read(name, sql) }),
              let json = stored.settings,
              let settings = try? JSONDecoder().decode(TenantSettings.self, from: Data(json.utf8)) else { return nil }
        let core = try EmulatorCore(configuration: demo.configuration, advertisedHost: demo.advertisedHost, settings: settings,
                                    database: database)
        core.setPort(demo.port)
        return made.withLock { tenants in
            if let raced = tenants[name] { return raced }
            tenants[name] = core
            return core
        }
    }
}
