import Foundation

/// A tenant's export and import (`GET /_emulator/export`, `POST /_emulator/import`,
/// `nativeauth emulator export|import FILE`): its users (IDs, password hashes, attributes, sign-in
/// methods, second factors) and its policies, in the seed file's form (``SeedFile``), so that an
/// export can also be a seed file. The JSON is written one way only (members sorted, users by
/// username, indented), so an export imported and exported again is the same bytes.
enum TenantTransfer {
    /// The tenant's users and policies.
    static func export(_ core: EmulatorCore) throws -> SeedFile {
        let users = try core.store.read { Array($0.users.values) }
        var file = core.rulesSeed
        file.users = SeedFile.export(users).users
        return file
    }

    /// The export as bytes.
    static func exportData(_ core: EmulatorCore) throws -> Data {
        try encoder.encode(try export(core))
    }

    /// Makes the tenant hold what `file` holds: its users (and no others) and its policies (the
    /// configuration's where the file names none). The tenant's flows, codes and refresh tokens are
    /// dropped, as they may name users that are gone; its ID, key and secret stay. Returns how many
    /// users it holds.
    @discardableResult
    static func `import`(_ file: SeedFile, into core: EmulatorCore) throws -> Int {
        guard file.hasUsersMember else {
            throw EmulatorConfigurationError(description: "the file has no users: an import replaces the tenant's users with the "
                + "file's, so it lists them (an export always does)")
        }
        _ = try TenantRules(core.configuration, seed: file)  // checked before anything changes
        let records = try file.records(existing: [:], tenantId: core.tenantId)
        try core.update { state in
            var fresh = EmulatorState(tenantId: state.tenantId)
            fresh.secret = state.secret
            fresh.upsert(records)
            state = fresh
        }
        try core.setRules(file)
        core.outbox.clear()
        return records.count
    }

    /// The one way exports are written.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }
}
