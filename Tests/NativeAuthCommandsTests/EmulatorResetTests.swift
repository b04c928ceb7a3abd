import Foundation
import Testing

/// `nativeauth emulator reset`: the demo users back from the command line (after a password reset
/// changed bob's, which the emulator's state keeps), and the embedded emulator's notice before the
/// first prompt says where its state lives and how to reset it.
@Suite
struct EmulatorResetTests {
    @Test func resetPutsBobsPasswordBackInTheEmbeddedEmulatorsState() async throws {
        let sandbox = try CommandSandbox(fixedCode: "71717171")
        defer { sandbox.remove() }
        let reset = try await sandbox.run(["reset-password", "bob@example.com"], input: "71717171\nN3w-Passw0rd!\n")
        try #require(reset.status == 0, "\(reset)")
        #expect(try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n").status == 3)

        let restored = try await sandbox.run(["emulator", "reset"])
        #expect(restored.status == 0, "\(restored)")
        let folder = sandbox.stateHome.appendingPathComponent("nativeauth/emulator").path
        #expect(restored.stdout.contains("Reset the emulator's state in \(folder)"), "\(restored)")

        let signin = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(signin.status == 0, "Passw0rd! works again: \(signin)")
        let newOne = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "N3w-Passw0rd!\n")
        #expect(newOne.status == 3, "\(newOne)")
    }

    @Test func resetTakesAStateFolder() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let folder = sandbox.stateHome.appendingPathComponent("elsewhere", isDirectory: true)
        let restored = try await sandbox.run(["emulator", "reset", "--state-dir", folder.path])
        #expect(restored.status == 0, "\(restored)")
        #expect(FileManager.default.fileExists(atPath: folder.path), "the state was written there")
        #expect(!FileManager.default.fileExists(atPath: sandbox.stateHome.appendingPathComponent("nativeauth/emulator").path),
                "and not in the embedded emulator's folder")
    }

    @Test(arguments: [
        (["signin", "--password", "bob@example.com"], "Passw0rd!\n", "Password for bob@example.com:"),
        (["signin", "--password"], "bob@example.com\nPassw0rd!\n", "Email address:"),
        (["signup", "--password"], "", "Email address:"),
    ])
    func theEmbeddedEmulatorIsAnnouncedBeforeTheFirstPrompt(arguments: [String], input: String, prompt: String) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(arguments, input: input)
        let notice = try #require(result.stderr.range(of: "Using the embedded emulator"), "\(result)")
        let first = try #require(result.stderr.range(of: prompt), "\(result)")
        #expect(notice.lowerBound < first.lowerBound, "before the first prompt: \(result)")
        #expect(result.stderr.contains("`nativeauth emulator reset` puts its demo users back"), "\(result)")
        #expect(result.stderr.components(separatedBy: "Using the embedded emulator").count == 2, "once: \(result)")
    }
}
