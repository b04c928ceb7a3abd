import Foundation
import Testing

/// The exit codes of README's table: a refusal from a server that answered is 1 (only an unreachable
/// or failing server is 5), and the end of standard input is 1 wherever it happens, unless the
/// last answer was wrong (3: WrongAnswerExitTests). (A signal's,
/// 128 + its number, is the binary's: NativeAuthCLITests' SignalExitCodeTests.)
@Suite
struct ExitCodeTests {
    @Test func aRefusedScopeIsExit1WithTheServersReasonOnOneLine() async throws {
        let sandbox = try CommandSandbox(fixedCode: "31313131")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "31313131\n").status == 0)
        let result = try await sandbox.run(["token", "--scope", "api://one/Data.Read", "--scope", "api://two/Data.Read"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("error: The server refused the requested scopes: AADSTS70011: "), "\(result)")
        #expect(!result.stderr.contains("Trace ID"), "only the first line of the server's description: \(result)")

        let verbose = try await sandbox.run(["token", "--scope", "api://one/Data.Read", "--scope", "api://two/Data.Read", "--verbose"])
        #expect(verbose.status == 1, "\(verbose)")
        #expect(verbose.stderr.contains("Trace ID: "), "--verbose shows the whole description: \(verbose)")
        #expect(verbose.stderr.contains("error: invalid_scope"), "\(verbose)")
    }

    @Test func anExpiredSignInIsExit1() async throws {
        let sandbox = try CommandSandbox(fixedCode: "42424242")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let signin = try sandbox.start(["signin", "--authority", emulator.authority, "alice@example.com"])
        try await signin.waitForStderr("Enter code, r to resend, or q to stop: ")
        try await emulator.admin("POST", "clock/advance", json: #"{"seconds":900}"#)
        signin.send("42424242\n")
        let result = await signin.finish()
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("error: The sign-in took too long.\n"), "\(result)")
        #expect(!result.stderr.contains("AADSTS"), "\(result)")
        // The command to start over repeats the flags that chose the place (and the address).
        #expect(result.stderr.contains("To start over at the same place: nativeauth signin --authority \(emulator.authority) alice@example.com"),
                "\(result)")
        _ = await emulator.stop()
    }

    @Test(arguments: [
        (["signin", "--password"], "", "No email address was entered: standard input ended."),
        (["signin", "alice@example.com"], "", "No code was entered: standard input ended."),
        (["signin", "--password", "bob@example.com"], "", "No password was entered: standard input ended."),
    ])
    func theEndOfStandardInputIsExit1Everywhere(arguments: [String], input: String, message: String) async throws {
        let sandbox = try CommandSandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        let result = try await sandbox.run(arguments, input: input)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("error: \(message)"), "\(result)")
    }
}
