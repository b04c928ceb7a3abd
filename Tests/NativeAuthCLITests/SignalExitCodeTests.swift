import Foundation
import Testing

/// The exit code of a signal, 128 + its number, from the binary itself: a signal at the prompt and
/// while `token` waits for the server.
@Suite(.timeLimit(.minutes(10)))
struct SignalExitCodeTests {
    @Test func sigtermAtThePromptExits143() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "alice@example.com"])
        try await live.waitForStderr("Enter code, r to resend, or q to stop: ")
        live.terminate()
        let result = await live.finish(closingInput: false)
        #expect(result.status == 143, "128 + SIGTERM: \(result)")
    }

    @Test func sigtermWhileTokenWaitsForTheServerExits143() async throws {
        let sandbox = try CLISandbox(fixedCode: "53535353")
        defer { sandbox.remove() }
        let emulator = try await ForegroundEmulator.start(in: sandbox)
        let signin = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"], input: "53535353\n")
        try #require(signin.status == 0, "\(signin)")
        try await emulator.admin("POST", "faults", json: #"{"endpoint":"token","delayMs":30000,"count":1}"#)
        let token = try sandbox.start(["token", "--force-refresh", "--verbose"])
        try await token.waitForStderr("refreshing access token")
        try await Task.sleep(for: .milliseconds(200))
        token.terminate()
        let result = await token.finish(closingInput: false)
        #expect(result.status == 143, "the handler runs for token too: \(result)")
        _ = await emulator.stop()
    }
}
