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

            // A file without users (a misspelt member, an empty object) would empty the tenant: refused,
            // the misspelt member named, and the folder keeps what it held.
            for (json, said) in [(#"{"usres":[{"username":"x@example.com","method":"otp"}]}"#, "unknown member 'usres'"),
                                 ("{}", "the file has no users")] {
                try Data(json.utf8).write(to: file)
                let refused = try await sandbox.run(["emulator", "import", "--state-dir", two, file.path])
                #expect(refused.status == 1 && refused.stderr.contains(said), "\(refused)")
            }
            #expect(try await sandbox.run(["emulator", "export", "--state-dir", two, "-"]).stdout == written)
        }

        @Test("An export is private (it holds password hashes) and ends with a line feed; one that cannot be written is an error, not a crash")
        func anExportIsPrivateAndItsFailuresAreErrors() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let folder = sandbox.stateHome.appendingPathComponent("one").path
            let file = sandbox.stateHome.appendingPathComponent("export.json")
            #expect(try await sandbox.run(["emulator", "export", "--state-dir", folder, file.path]).status == 0)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try Data(contentsOf: file).last == UInt8(ascii: "\n"))

            let nowhere = try await sandbox.run(["emulator", "export", "--state-dir", folder, "/nonexistent-\(UUID().uuidString)/x.json"])
            #expect(nowhere.status == 1 && nowhere.stderr.hasPrefix("error: The export could not be written: "), "\(nowhere)")
            #expect(!nowhere.stderr.contains("NSCocoaErrorDomain") && !nowhere.stderr.contains("crashed"), "\(nowhere)")
            let executable = try CLIBinary.url().path
            let full = try await ChildRun.run(["/bin/sh", "-c", "exec \"$0\" emulator export --state-dir \"$1\" - > /dev/full", executable, folder],
                                              environment: sandbox.environment)
            #expect(full.status == 1, "\(full)")
            #expect(full.stderr.contains("could not be written to standard output: No space left on device"), "\(full)")
        }
    }
}
