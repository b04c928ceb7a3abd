import Foundation
import Testing

/// Issue 9, item 14: `--code -` reads the code from standard input, so it is not in the process list.
@Suite
struct CodeFromStandardInputTests {
    @Test func codeDashReadsTheCodeFromStandardInput() async throws {
        let sandbox = try CommandSandbox(fixedCode: "97531864")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "alice@example.com", "--code", "-"], input: "97531864\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Signed in as alice@example.com"), "\(result)")
    }

    @Test func resetPasswordReadsTheCodeDashFromStandardInputToo() async throws {
        let sandbox = try CommandSandbox(fixedCode: "97531864")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["reset-password", "bob@example.com", "--code", "-"], input: "97531864\nN3w-Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Password reset; signed in as bob@example.com"), "\(result)")
        let help = try await sandbox.run(["reset-password", "--help"])
        #expect(help.stdout.contains("process list"), "\(help.stdout)")
    }

    @Test func theHelpSaysSoAndWhy() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let help = try await sandbox.run(["signin", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("- reads it from standard input"), "\(help.stdout)")
        #expect(text.contains("process list"), "\(help.stdout)")
        #expect(text.contains("--code -"), "\(help.stdout)")
    }
}
