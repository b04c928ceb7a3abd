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

    /// Characters a person cannot see (format characters, controls) are refused before anything is
    /// sent, named with their position: the server would refuse them (AADSTS90100) or take them.
    @Test(arguments: [
        ("\u{200B}", "U+200B ZERO WIDTH SPACE"), ("\u{200C}", "U+200C ZERO WIDTH NON-JOINER"), ("\u{200D}", "U+200D ZERO WIDTH JOINER"),
        ("\u{FEFF}", "U+FEFF ZERO WIDTH NO-BREAK SPACE"), ("\u{00AD}", "U+00AD SOFT HYPHEN"), ("\u{2060}", "U+2060 WORD JOINER"),
        ("\u{200E}", "U+200E LEFT-TO-RIGHT MARK"), ("\u{202E}", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("\u{0085}", "U+0085, a control character,"),
    ])
    func anInvisibleCharacterIsNamedAndNothingIsSent(character: String, name: String) async throws {
        let sandbox = try CommandSandbox(fixedCode: "24242424")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@exa\(character)mple.com"], input: "24242424\n")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("it holds \(name) at position 10, which cannot be seen. Nothing was sent."), "\(result)")
        #expect(try await emulator.requestedPaths().isEmpty, "nothing was sent")
        _ = await emulator.stop()
    }

    @Test func anEmptyAddressArgumentIsAUsageErrorNotAPrompt() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        for command in ["signin", "signup", "reset-password"] {
            let result = try await sandbox.run([command, ""], input: "alice@example.com\n")
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("error: The address given is empty. Nothing was sent."), "\(result)")
            #expect(!result.stderr.contains("Code sent"), "\(result)")
        }
    }

    /// Spaces and tabs around the address are dropped, as docs/CLI.md says.
    @Test func spacesAndTabsAroundTheAddressAreDropped() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24242424")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", " alice@example.com\t"], input: "24242424\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com ("), "\(result)")
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
