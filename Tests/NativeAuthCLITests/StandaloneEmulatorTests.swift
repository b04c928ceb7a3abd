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

        @Test func theBannerSaysWhereTheStateIsAndResetPutsTheDemoUsersBackWhileItRuns() async throws {
            let sandbox = try CLISandbox(fixedCode: "66665555")
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("standalone").path
            let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
            let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
            let banner = try await emulator.waitForStdout(#"(state: .*)"#)
            #expect(banner.contains(stateDir) && banner.contains("nativeauth emulator reset --state-dir \(stateDir)"), "\(banner)")

            let reset = try await sandbox.run(["reset-password", "--authority", authority, "bob@example.com"], input: "66665555\nN3w-Passw0rd!\n")
            try #require(reset.status == 0, "\(reset)")
            let old = try await sandbox.run(["signin", "--password", "--authority", authority, "bob@example.com"], input: "Passw0rd!\n")
            #expect(old.status == 3, "\(old)")

            let restored = try await sandbox.run(["emulator", "reset", "--state-dir", stateDir])
            #expect(restored.status == 0, "\(restored)")
            #expect(restored.stdout.contains("the demo users are back"), "\(restored)")
            let again = try await sandbox.run(["signin", "--password", "--authority", authority, "bob@example.com"], input: "Passw0rd!\n")
            #expect(again.status == 0, "the running emulator sees the reset: \(again)")

            emulator.terminate()
            #expect(await emulator.finish().status == 0)
        }
    }
}
