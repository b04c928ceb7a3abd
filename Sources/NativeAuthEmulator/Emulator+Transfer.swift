import Foundation

extension Emulator {
    /// A tenant's users and policies as `GET /_emulator/export` answers them, read from
    /// `configuration`'s state (its folder or database) without starting a server: the demo tenant,
    /// or the one made with `POST /_emulator/tenants` whose subdomain is `tenant`.
    ///
    /// ```swift
    /// var configuration = EmulatorConfiguration()
    /// configuration.stateDirectory = URL(fileURLWithPath: "/tmp/emulator-state", isDirectory: true)
    /// let export = try Emulator.exportState(configuration)
    /// ```
    public static func exportState(_ configuration: EmulatorConfiguration, tenant: String? = nil) throws -> Data {
        try TenantTransfer.exportData(try tenantCore(configuration, tenant: tenant))
    }

    /// Makes a tenant of `configuration`'s state hold the users and policies of `export` (as
    /// `POST /_emulator/import` does), without starting a server; returns how many users it holds.
    /// An emulator running on the same state sees the change.
    @discardableResult
    public static func importState(_ configuration: EmulatorConfiguration, tenant: String? = nil, export: Data) throws -> Int {
        let file: SeedFile
        do {
            file = try JSONDecoder().decode(SeedFile.self, from: export)
        } catch {
            throw EmulatorConfigurationError(description: "the file is not an export of the emulator (\(error))")
        }
        return try TenantTransfer.import(file, into: try tenantCore(configuration, tenant: tenant))
    }

    private static func tenantCore(_ configuration: EmulatorConfiguration, tenant: String?) throws -> EmulatorCore {
        let tenants = TenantRegistry(demo: try EmulatorCore(configuration: configuration))
        guard let core = try tenants.tenant(adminParameter: tenant) else {
            throw EmulatorConfigurationError(description: "the state has no tenant '\(tenant ?? "")'")
        }
        return core
    }
}
