import Foundation
import Testing

/// The emulator's guessing limit seen from the CLI: wrong codes count across sign-ins, and the
/// lock-out says how long it lasts.
@Suite
struct GuessingLimitTests {
    @Test func wrongCodesAcrossSignInsEndInALockOutThatSaysHowLongItLasts() async throws {
        let sandbox = try CommandSandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        for _ in 0..<2 {
            let four = try await sandbox.run(["signin", "alice@example.com"], input: String(repeating: "00000000\n", count: 4))
            #expect(four.status == 3, "standard input ended after four wrong codes: \(four)")
        }
        let locked = try await sandbox.run(["signin", "alice@example.com"], input: "00000000\n00000000\n12121212\n")
        #expect(locked.status == 3, "\(locked)")
        // Issue 35, item 18: the server says to wait, and so does the hint; the right code given during
        // the lock-out is not called wrong: the lock-out is said first.
        #expect(locked.stderr.contains("error: The server refuses this account's answers for now, after too many wrong codes or passwords: "
            + "it asks to wait 60 seconds.\nRun `nativeauth signin alice@example.com` after that."), "\(locked)")
        #expect(!locked.stderr.contains("stopped after too many wrong codes"), "\(locked)")
        #expect(!locked.stderr.contains("again to start a new sign-in"), "not at once: \(locked)")
        #expect(!locked.stderr.contains("locked"), "the server's words are for --verbose: \(locked)")
    }
}
