import Foundation
@testable import NativeAuthEmulator
import Testing

/// Issue 34, item 1: a state folder written before the database (`state.json`, `state.journal`,
/// `signing-key.pem`) is migrated into `state.sqlite` once, at the first start, with nothing lost.
///
/// The folder is `Tests/Fixtures/LegacyStateFolder/state`, written by the emulator of main at 716a2e6
/// (the last with that format) and committed: `make-fixture.sh` beside it started that emulator on
/// an empty folder, imported two users (attributes, a password, MFA methods), signed a third up,
/// signed Alice in (her refresh token is `refresh-token`), left Bob's sign-in open after its
/// challenge (`open-flow-token`), saved the users as exported, the keys document and the tenant ID,
/// and kept the folder's three files (the journal holds every change after the first start's snapshot).
@Suite("A state folder of before the database")
struct LegacyStateMigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/LegacyStateFolder")

    static func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A private copy of the old folder (git keeps no modes: the folder is made 0700, its files 0600).
    static func copyOfTheOldFolder() throws -> URL {
        let directory = PersistenceTests.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in ["state.json", "state.journal", "signing-key.pem"] {
            let target = directory.appendingPathComponent(name)
            try FileManager.default.copyItem(at: fixture.appendingPathComponent("state/\(name)"), to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        }
        return directory
    }

    /// JSON in one canonical form: members sorted, and the users list sorted by username (without
    /// the members named in `dropping`).
    static func canonical(_ data: Data, dropping: Set<String> = []) throws -> String {
        var object = try JSONSerialization.jsonObject(with: data)
        if var top = object as? [String: Any], let users = top["users"] as? [[String: Any]] {
            top["users"] = users.sorted { ($0["username"] as? String ?? "") < ($1["username"] as? String ?? "") }
                .map { $0.filter { !dropping.contains($0.key) } }
            object = top
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Moves the emulator's clock back to a minute after the fixture was made, when its refresh
    /// token and its open flow were still good.
    static func backToTheFixture(_ emulator: any EmulatorUnderTest) throws {
        let madeAt = try #require(Double(try fixtureText("made-at")))
        #expect(emulator.advanceClock(by: madeAt + 60 - emulator.now.timeIntervalSince1970))
    }

    @Test func anOldFolderIsMigratedOnceWithNothingLost() async throws {
        let directory = try Self.copyOfTheOldFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            try Self.backToTheFixture(client.emulator)
            let tenantId = try Self.fixtureText("tenant-id")
            #expect(client.emulator.tenantId == tenantId)
            // Every user, with its password hash, attributes and second factors (as the old emulator
            // exported them: without IDs) ...
            let users = try await client.admin("GET", "users")
            #expect(try Self.canonical(users.body, dropping: ["id"])
                    == Self.canonical(Data(contentsOf: Self.fixture.appendingPathComponent("users.json"))))
            // ... and its ID, as the old files held it (the snapshot, then the journal's user lines).
            let old = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture.appendingPathComponent("state/state.json")))
            var oldIDs = ((old as? [String: Any])?["users"] as? [String: [String: Any]] ?? [:])
                .reduce(into: [String: String]()) { $0[$1.value["username"] as? String ?? ""] = $1.value["id"] as? String }
            let journal = try String(contentsOf: Self.fixture.appendingPathComponent("state/state.journal"), encoding: .utf8)
            for line in journal.split(separator: "\n") {
                guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], entry["t"] as? String == "user",
                      let user = entry["v"] as? [String: Any], let name = user["username"] as? String else { continue }
                oldIDs[name] = user["id"] as? String
            }
            let newIDs = (users.json["users"] as? [[String: Any]] ?? [])
                .reduce(into: [String: String]()) { $0[$1["username"] as? String ?? ""] = $1["id"] as? String }
            #expect(oldIDs.count >= 9 && newIDs == oldIDs, "\(oldIDs) \(newIDs)")
            // The same signing key.
            let keys = try await client.get(client.emulator.authority.appendingPathComponent("discovery/v2.0/keys"))
            #expect(try Self.canonical(keys.body) == Self.canonical(Data(contentsOf: Self.fixture.appendingPathComponent("keys.json"))))
            // Alice's refresh token, and Bob's open sign-in, go on.
            let refreshed = try await client.refresh(try Self.fixtureText("refresh-token"))
            #expect(refreshed.status == 200, "\(String(decoding: refreshed.body, as: UTF8.self))")
            let bob = try await client.submitPassword(try Self.fixtureText("open-flow-token"), password: "Passw0rd!")
            #expect(bob.status == 200, "\(String(decoding: bob.body, as: UTF8.self))")
            // The user the sign-up made signs in with the password she chose.
            let token = try #require(try await client.initiate("dora@example.com").string("continuation_token"))
            let challenge = try #require(try await client.challenge(token).string("continuation_token"))
            #expect(try await client.submitPassword(challenge, password: "Sign3dUp!!").status == 200)
            _ = try await client.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
        }
        // The old files are put aside; the database holds the state, and is not migrated again.
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names.isSuperset(of: ["state.sqlite", "state.json.migrated", "state.journal.migrated", "signing-key.pem.migrated"]))
        #expect(names.isDisjoint(with: ["state.json", "state.journal", "signing-key.pem"]), "\(names)")
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            let tenantId = try Self.fixtureText("tenant-id")
            #expect(client.emulator.tenantId == tenantId)
            #expect(try await client.signInOTP("erin@example.com").status == 200)
            #expect(try await client.signInOTP("alice@example.com").status == 200)
        }
    }

    @Test func aJournalLineCutShortByAKillIsDropped() async throws {
        let directory = try Self.copyOfTheOldFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try FileHandle(forWritingTo: directory.appendingPathComponent("state.journal"))
        try journal.seekToEnd()
        try journal.write(contentsOf: Data(#"{"k":"cut","t":"flow","v":{"id":"#.utf8))
        try journal.close()
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            try Self.backToTheFixture(client.emulator)
            #expect(try await client.refresh(try Self.fixtureText("refresh-token")).status == 200)
        }
    }

    @Test func aCorruptOldFileStopsTheMigrationNamingItAndIsKept() async throws {
        let directory = try Self.copyOfTheOldFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("signing-key.pem")
        try Data("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        let error = await #expect(throws: (any Error).self) { try await withEmulator({ $0.stateDirectory = directory }) { _ in } }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains(key.path), "\(text)")
        #expect(try String(contentsOf: key, encoding: .utf8).contains("not a key"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.json").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.journal").path))
    }
}
