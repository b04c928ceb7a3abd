import Foundation
import Testing

extension FilesUnderHome {
    /// `signin --browser` on a machine whose opener fails noisily (as `xdg-open` does without a
    /// browser): the opener's own lines stay off the terminal, and the tool says to open the page.
    @Suite
    struct BrowserOpenerOutputTests {
        @Test func theOpenersOwnOutputStaysOffTheTerminal() async throws {
            var sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let script = sandbox.stateHome.appendingPathComponent("noisy-opener.sh")
            let marker = sandbox.stateHome.appendingPathComponent("opener-ran")
            try """
                echo 'xdg-open: no method available for opening (stdout)'
                echo 'xdg-open: no method available for opening (stderr)' >&2
                touch '\(marker.path)'
                exit 3
                """.write(to: script, atomically: true, encoding: .utf8)
            sandbox.environment["BROWSER"] = "/bin/sh \(script.path)"
            let signin = try sandbox.start(["signin", "--browser", "alice@example.com"])
            try await signin.waitForStderr("open the page above yourself")
            // The opener is not waited for: wait (bounded) until it has written its lines.
            let clock = ContinuousClock()
            let deadline = clock.now + LiveCLI.outputBound
            while !FileManager.default.fileExists(atPath: marker.path) && clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(FileManager.default.fileExists(atPath: marker.path), "the opener ran")
            signin.terminate()
            let result = await signin.finish()
            #expect(!result.stderr.contains("no method available") && !result.stdout.contains("no method available"), "\(result)")
            #expect(result.stderr.contains("Opening the sign-in page in your browser. If it does not open, go to:"), "\(result)")
        }
    }
}
