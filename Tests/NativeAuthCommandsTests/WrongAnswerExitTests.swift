import Foundation
import Testing

/// A script whose last answer was wrong sees exit 3 (wrong password or code), not 1, and nothing is
/// stored: a wrong piped code, a wrong piped password.
@Suite
struct WrongAnswerExitTests {
    @Test(arguments: [
        (["signin", "--email", "alice@example.com"], "00000000\n", "No code was entered after the wrong one: standard input ended."),
        (["signin", "--password", "bob@example.com"], "not-the-password\n", "No password was entered after the wrong one: standard input ended."),
    ])
    func aWrongPipedAnswerIsExit3WithNothingStored(arguments: [String], input: String, message: String) async throws {
        let sandbox = try CommandSandbox(fixedCode: "13131313")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(arguments + ["--authority", emulator.authority], input: input)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: \(message)"), "\(result)")
        let stored = (try? Data(contentsOf: sandbox.storeFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!stored.contains("@example.com"), "nothing stored: \(stored)")
        let status = try await sandbox.run(["status"])
        #expect(status.status == 1, "\(status)")
        _ = await emulator.stop()
    }
}
