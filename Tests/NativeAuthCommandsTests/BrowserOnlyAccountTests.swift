import CLITestSupport
import Foundation
import Testing

/// webuser@example.com signs in only in the browser (the server's redirect says so): a script is
/// told that, and given the `--browser` sign-in at the same place, not another native sign-in.
@Suite
struct BrowserOnlyAccountTests {
    @Test(.v1Only("V1's redirect_reason says the account signs in only in the browser; V2's web fallback carries no reason"),
          arguments: [[], ["--password"], ["--email"]])
    func aBrowserOnlyAccountIsToldSoAndGivenTheBrowserSignIn(method: [String]) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let place = ["--authority", emulator.authority]
        let result = try await sandbox.run(["signin"] + method + place + ["webuser@example.com"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("error: webuser@example.com signs in only in the browser: the server will not sign it in "
            + "with an email code or a password here."), "\(result)")
        #expect(!result.stderr.contains("--password") && !result.stderr.contains("--email"), "no circular advice: \(result)")
        let printed = try #require(PrintedCommand.words(in: result.stderr, after: "in the browser instead: "), "\(result)")
        #expect(printed == ["signin", "--browser"] + place + ["webuser@example.com"], "\(printed)")
        _ = await emulator.stop()
    }
}
