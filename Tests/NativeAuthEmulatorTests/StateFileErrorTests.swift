import Foundation
import NativeAuthEmulator
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 9, item 4: only a missing state is created; any other failure is reported and the file kept.
@Suite("State files that cannot be used")
struct StateFileErrorTests {
    private func start(_ directory: URL) async throws {
        try await withEmulator({ $0.stateDirectory = directory }) { _ in }
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file; the CLI test runs this case as another user"))
    func anUnreadableStateIsReportedAndLeftAlone() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await start(directory)
        let file = directory.appendingPathComponent("state.json")
        let before = try Data(contentsOf: file)
        #expect(chmod(file.path, 0o000) == 0)
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("state.json could not be read"))
        #expect(chmod(file.path, 0o600) == 0)
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func aStateThatIsNotAFileIsReportedAndLeftAlone() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("state.json/inside"), withIntermediateDirectories: true)
        #expect(chmod(directory.path, 0o700) == 0)
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("state.json"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.json/inside").path))
    }

    @Test func aCorruptKeyNamesItsFileAndIsKept() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await start(directory)
        let key = directory.appendingPathComponent("signing-key.pem")
        try Data("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains(key.path), "\(text)")
        #expect(try String(contentsOf: key, encoding: .utf8).contains("not a key"))
    }

    @Test func temporaryFilesLeftByAKilledProcessAreRemovedAtStart() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await start(directory)
        let leftovers = [".state.json.0BAD.tmp", ".signing-key.pem.0BAD.tmp", ".admin-token.0BAD.tmp"]
        for name in leftovers {
            try Data("half".utf8).write(to: directory.appendingPathComponent(name))
        }
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.tmp"))
        try await start(directory)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names.isDisjoint(with: leftovers), "\(names)")
        #expect(names.contains("notes.tmp"))
    }

    @Test func aJournalLineCutShortByAKillIsDropped() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refresh = try await withEmulator({ $0.stateDirectory = directory }) { client in
            try #require(try await client.signInOTP().string("refresh_token"))
        }
        let journal = try FileHandle(forWritingTo: directory.appendingPathComponent("state.journal"))
        try journal.seekToEnd()
        try journal.write(contentsOf: Data(#"{"k":"cut","t":"flow","v":{"id":"#.utf8))
        try journal.close()
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            let answer = try await client.refresh(refresh)
            #expect(answer.status == 200)
        }
    }

    @Test func aStateThatFailsWhileServingIsAnsweredInTheShapeOfWhatWasAsked() async throws {
        // A journal line that does not decode (another writer's bug): every request that reads the
        // state fails, and each kind of route answers its own 500, never a bare one.
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            #expect(try await client.initiate("alice@example.com").status == 200)
            let journal = try FileHandle(forWritingTo: directory.appendingPathComponent("state.journal"))
            try journal.seekToEnd()
            try journal.write(contentsOf: Data("not a journal entry\n".utf8))
            try journal.close()

            let native = try await client.initiate("alice@example.com")
            #expect(native.status == 500)
            #expect(native.string("error") == "server_error")
            #expect(native.errorCode == 90033)
            #expect(native.string("correlation_id") == native.header("client-request-id"))
            let page = try await client.get(client.emulator.authority.appendingPathComponent("oauth2/deviceauth"))
            #expect(page.status == 500)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            let admin = try await client.admin("GET", "users")
            #expect(admin.status == 500)
            #expect(admin.string("error_description")?.contains("state.journal") == true)
        }
    }
}
