import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension FilesUnderHome {
    /// A command that waits for the token store's lock, held by another process (a sign-in or a refresh
    /// under way, a keyring's unlock prompt left open), says so on standard error once and goes on when
    /// the lock is let go: kubectl's credential plugin never waits silently.
    @Suite
    struct StoreLockWaitTests {
        @Test func aCommandWaitingForTheStoresLockSaysSoOnceAndGoesOn() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let signin = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
            #expect(signin.status == 0, "\(signin)")
            let store = sandbox.storeFile.deletingLastPathComponent()
            let lock = open(store.appendingPathComponent("tokens.json.lock").path, O_RDWR | O_CLOEXEC)
            #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)

            let token = try sandbox.start(["token"])
            try await token.waitForStderr("Waiting for another nativeauth that is using the token store in \(NSRegularExpression.escapedPattern(for: store.path)) ")
            #expect(token.isRunning, "token ended while the lock was held: \(token.stderrText)")
            #expect(token.stdoutText.isEmpty)
            _ = close(lock)
            let result = await token.finish()

            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.split(separator: ".").count == 3, "no token printed: \(result)")
            #expect(result.stderr.components(separatedBy: "Waiting for another nativeauth").count == 2, "not said once: \(result)")
            #expect(result.stderr.contains("Ctrl-C stops this one"), "\(result)")
        }
    }
}
