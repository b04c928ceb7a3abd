import CLITestSupport
import Foundation
import Testing

/// Issue 34, item 6: the emulator's console in a real headless browser (Debian's chromium and
/// chromium-driver, driven by Python's selenium, as the browser sign-in tests): `console.py` signs in
/// with the admin token, makes a tenant, adds, disables and re-passwords users, watches a code
/// arrive, reads the request log, queues and clears a fault, and signs out. Its screenshots go where
/// the browser sign-in's go.
@Suite(.serialized, .timeLimit(.minutes(10)),
       .enabled(if: HeadlessBrowser.available || ProcessInfo.processInfo.environment["CI"] != nil,
                "chromium, chromium-driver and python3 selenium are needed (CI installs them)"))
struct ConsoleBrowserTests {
    @Test func aPersonRunsTheEmulatorFromItsConsole() async throws {
        var sandbox = try CLISandbox(fixedCode: "24682468")
        defer { sandbox.remove() }
        sandbox.environment["NATIVEAUTH_SCREENSHOT_DIR"] = HeadlessBrowser.screenshots.path
        let stateDir = sandbox.stateHome.appendingPathComponent("console").path
        let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
        let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
        let token = try await emulator.waitForStdout(#"admin token: (\S+)"#)
        let base = String(authority.dropLast("/emulator.onmicrosoft.com".count))
        let person = try await HeadlessBrowser.python(["console.py", base, token], sandbox: sandbox)
        emulator.terminate()
        _ = await emulator.finish()
        #expect(person.status == 0 && person.stdout.contains("OK console"), "\(person)")
    }
}
