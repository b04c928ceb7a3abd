import Foundation
@testable import NativeAuthEmulator
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 9, item 4 (and issue 34, item 1, for the database): only a missing state is created; any
/// other failure is reported naming the file, and the file is kept.
@Suite("State files that cannot be used")
struct StateFileErrorTests {
    private func start(_ directory: URL) async throws {
        try await withEmulator({ $0.stateDirectory = directory }) { _ in }
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file; the CLI test runs this case as another user"))
    func anUnreadableDatabaseIsReportedAndLeftAlone() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await start(directory)
        let file = directory.appendingPathComponent("state.sqlite")
        let before = try Data(contentsOf: file)
        #expect(chmod(file.path, 0o000) == 0)
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("state.sqlite could not be read"))
        #expect(chmod(file.path, 0o600) == 0)
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func aDatabaseThatIsNotAFileIsReportedAndLeftAlone() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("state.sqlite/inside"), withIntermediateDirectories: true)
        #expect(chmod(directory.path, 0o700) == 0)
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("state.sqlite"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.sqlite/inside").path))
    }

    @Test func aDatabaseReachedThroughASymbolicLinkIsRefused() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        let elsewhere = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory); try? FileManager.default.removeItem(at: elsewhere) }
        try await start(elsewhere)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("state.sqlite"),
                                                   withDestinationURL: elsewhere.appendingPathComponent("state.sqlite"))
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("\(directory.path)/state.sqlite could not be read"))
    }

    @Test func aCorruptDatabaseNamesItsFileAndIsKept() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await start(directory)
        let file = directory.appendingPathComponent("state.sqlite")
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        let garbage = Data(repeating: 0x5A, count: 8_192)
        try garbage.write(to: file)
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains(file.path) && text.contains("left as it is"), "\(text)")
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func aDatabaseOfALaterSchemaIsRefused() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await start(directory)
        try StoredState.execute(directory, "UPDATE emulator_schema SET version = 99")
        let error = await #expect(throws: (any Error).self) { try await start(directory) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("written by a later emulator (schema 99"))
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

    @Test func aStateThatFailsWhileServingIsAnsweredInTheShapeOfWhatWasAsked() async throws {
        // A record that does not decode (another writer's bug): every request that reads the state
        // fails, and each kind of route answers its own 500, never a bare one.
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            #expect(try await client.initiate("alice@example.com").status == 200)
            try StoredState.execute(directory, "INSERT INTO emulator_records VALUES ('default', 'flow', 'bad', 'not a record', 1000000)")
            try StoredState.execute(directory, "UPDATE emulator_tenants SET version = 1000000")

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
            #expect(admin.string("error_description")?.contains("state.sqlite holds a flow record that does not decode") == true)
        }
    }
}
