import Foundation
import Testing

extension EmulatorProcess {
    /// `nativeauth emulator` in the foreground, and signing in against it with `--authority`.
    @Suite
    struct StandaloneEmulatorTests {
        @Test func signInAgainstAForegroundEmulatorThenStopItWithSIGTERM() async throws {
            let sandbox = try CLISandbox(fixedCode: "55554444")
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("standalone").path
            let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
            let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
            #expect(authority.hasPrefix("http://127.0.0.1:"))

            let signin = try await sandbox.run(["signin", "--authority", authority, "alice@example.com"], input: "55554444\n")
            #expect(signin.status == 0, "\(signin)")
            #expect(!signin.stderr.contains("Using the embedded emulator"), "\(signin)")
            try await emulator.waitForStderr("code 55554444")

            let status = try await sandbox.run(["status", "--json"])
            let account = (status.json?["accounts"] as? [[String: Any]])?.first
            let location = try #require(account?["location"] as? [String: Any], "\(status)")
            #expect(location["kind"] as? String == "authority")
            #expect(location["authority"] as? String == authority)

            let token = try await sandbox.run(["token", "--force-refresh"])
            #expect(token.status == 0, "the stored authority is used without flags: \(token)")

            emulator.terminate()
            let stopped = await emulator.finish()
            #expect(stopped.status == 0, "\(stopped)")
        }
    }
}
