import Foundation
import Testing

extension EmulatorProcess {
    /// Issue 34, item 5, through the built binary: `nativeauth emulator export FILE` writes a state
    /// folder's demo tenant, `nativeauth emulator import FILE` makes another folder's hold it, and
    /// that folder's export (to standard output) is the same bytes.
    @Suite
    struct ExportImportCommandTests {
        @Test func anExportImportedIntoAnotherFolderIsExportedAgainAsTheSameBytes() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let one = sandbox.stateHome.appendingPathComponent("one").path
            let two = sandbox.stateHome.appendingPathComponent("two").path
            let file = sandbox.stateHome.appendingPathComponent("one.json")

            let exported = try await sandbox.run(["emulator", "export", "--state-dir", one, file.path])
            #expect(exported.status == 0, "\(exported)")
            #expect(exported.stdout.contains("to \(file.path)"), "\(exported.stdout)")
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written.contains("alice@example.com") && written.contains("bob@example.com"))

            let imported = try await sandbox.run(["emulator", "import", "--state-dir", two, file.path])
            #expect(imported.status == 0, "\(imported)")
            let again = try await sandbox.run(["emulator", "export", "--state-dir", two, "-"])
            #expect(again.status == 0, "\(again)")
            #expect(again.stdout == written)

            // A file that cannot be read is named with the reason, and fails as a file that is not an export does.
            let missing = try await sandbox.run(["emulator", "import", "--state-dir", two, file.path + ".missing"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "error: cannot read \(file.path).missing: no such file\n", "\(missing.stderr)")
            let folder = try await sandbox.run(["emulator", "import", "--state-dir", two, sandbox.stateHome.path])
            #expect(folder.status == 1)
            #expect(folder.stderr == "error: cannot read \(sandbox.stateHome.path): it is a folder\n", "\(folder.stderr)")
            try Data("not json".utf8).write(to: file)
            let notAnExport = try await sandbox.run(["emulator", "import", "--state-dir", two, file.path])
            #expect(notAnExport.status == 1 && notAnExport.stderr.contains("could not be imported"), "\(notAnExport)")
            // A file of two users that are one to the emulator is refused, and the folder keeps what it held.
            try Data(#"{"users":[{"username":"erin@example.com","method":"otp"},{"username":"ERIN@example.com","method":"otp"}]}"#.utf8)
                .write(to: file)
            let twice = try await sandbox.run(["emulator", "import", "--state-dir", two, file.path])
            #expect(twice.status == 1 && twice.stderr.contains("'ERIN@example.com'"), "\(twice)")
            #expect(try await sandbox.run(["emulator", "export", "--state-dir", two, "-"]).stdout == written)
        }
    }
}
