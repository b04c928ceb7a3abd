import Foundation
import Testing

/// An address that is not an email address is a usage error (exit 2) and nothing is sent: not a
/// password typed after `--password`, not `not-an-email`, not `alice@`.
@Suite
struct AddressInputTests {
    @Test(arguments: [
        ["signin", "--password", "Passw0rd!"],
        ["signin", "not-an-email"],
        ["signup", "alice@"],
        ["reset-password", "@example.com"],
        ["signin", "alice @example.com"],
        ["signin", "alice@exa\u{1b}[2Jmple.com"],
    ])
    func aMalformedAddressIsExit2AndNothingIsSent(arguments: [String]) async throws {
        let sandbox = try CommandSandbox(fixedCode: "24242424")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(arguments + ["--authority", emulator.authority], input: "Passw0rd!\n")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("error: ADDRESS is not an email address such as alice@example.com"), "\(result)")
        #expect(!result.stderr.contains("Passw0rd!"), "the value is never quoted back: \(result)")
        #expect(try await emulator.requestedPaths().isEmpty, "nothing was sent")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path))
        _ = await emulator.stop()
    }

    @Test func aPasswordAfterThePasswordFlagIsExplained() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "Passw0rd!"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("it has no @"), "\(result)")
        #expect(result.stderr.contains("--password takes no value"), "\(result)")
    }

    @Test func aMalformedPipedAddressIsExit2AndNothingIsSent() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24242424")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(["signin", "--authority", emulator.authority], input: "not-an-email\n24242424\n")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("error: The address read from standard input is not an email address"), "\(result)")
        #expect(try await emulator.requestedPaths().isEmpty, "nothing was sent")
        _ = await emulator.stop()
    }
}
