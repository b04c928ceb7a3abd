import Foundation
import Testing
@testable import NativeAuthEmulator

/// Demo users and the seed file's keep their object IDs across resets and restarts (issue 35, item 5;
/// issue 34, item 4), so an account signed in before a reset is still that user's.
@Suite struct StableUserIDTests {
    @Test func seededUsersKeepTheirIDsAcrossResetAndRestart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stable-ids-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"users":[{"username":"carol@example.com","method":"otp"}]}"#.utf8).write(to: seed)
        var configuration = EmulatorConfiguration()
        configuration.stateDirectory = directory.appendingPathComponent("state")
        configuration.seedFile = seed
        let ids = { (core: EmulatorCore) in try core.store.read { state in state.users.storage.mapValues(\.id) } }

        let core = try EmulatorCore(configuration: configuration)
        let before = try ids(core)
        #expect(before.keys.contains("alice@example.com") && before.keys.contains("carol@example.com"))
        let tenantId = try core.store.read { $0.tenantId }
        #expect(before["alice@example.com"] == UserRecord.stableID(username: "alice@example.com", tenantId: tenantId))
        try core.reset()
        #expect(try ids(core) == before, "a reset keeps every seeded user's ID")
        #expect(try ids(EmulatorCore(configuration: configuration)) == before, "so does a restart")
    }

    @Test func theIDDependsOnTheTenantAndTheUserAsTheyLook() {
        let id = UserRecord.stableID(username: "alice@example.com", tenantId: "t1")
        #expect(id.count == 36 && id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(UserRecord.stableID(username: "ＡＬＩＣＥ@example.com", tenantId: "t1") == id)
        #expect(UserRecord.stableID(username: "alice@example.com", tenantId: "t2") != id)
        #expect(UserRecord.stableID(username: "bob@example.com", tenantId: "t1") != id)
    }
}
