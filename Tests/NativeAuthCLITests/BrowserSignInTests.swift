import CLITestSupport
import Foundation
import Testing

/// `nativeauth signin --browser` and `--device-code` with the emulator's pages in a real headless
/// browser (Debian's chromium and chromium-driver, driven by Python's selenium: `.ci/run` installs
/// them). `$BROWSER` is a script that opens the URL in that browser and fills the form as a person
/// would. Each page's screenshot goes to a folder of the run, or to `docs/screenshots` when
/// `NATIVEAUTH_UPDATE_SCREENSHOTS=1`.
@Suite(.serialized, .timeLimit(.minutes(10)),
       .enabled(if: HeadlessBrowser.available || ProcessInfo.processInfo.environment["CI"] != nil,
                "chromium, chromium-driver and python3 selenium are needed (CI installs them)"))
struct BrowserSignInTests {
    @Test func browserSignInWithAnEmailCode() async throws {
        let sandbox = try HeadlessBrowser.sandbox(secret: "24682468", wrongFirst: true, prefix: "browser-")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--browser", "alice@example.com"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as alice@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("Opening the sign-in page in your browser. If it does not open, go to:"), "\(result)")
        // The browser script is not waited for by the CLI: read its log once it has written the line (bounded).
        let logFile = sandbox.stateHome.appendingPathComponent("browser.log")
        let clock = ContinuousClock()
        let deadline = clock.now + LiveCLI.outputBound
        var browserLog = ""
        while !browserLog.contains("[browser] signed in:") && clock.now < deadline {
            browserLog = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            if !browserLog.contains("[browser] signed in:") { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(browserLog.contains("[browser] signed in: Signed in"), "the loopback's page reached the browser: \(browserLog)")
        #expect(!result.stderr.contains("[browser]"), "the browser's output stays off the terminal: \(result)")

        let token = try await sandbox.run(["token"])
        #expect(token.status == 0 && token.stdout.split(separator: ".").count == 3, "the stored account gives tokens: \(token)")
        let status = try await sandbox.run(["status", "--json"])
        #expect(status.stdout.contains("alice@example.com"), "\(status)")
        #expect(try await sandbox.run(["signout"]).status == 0)
    }

    @Test func browserSignInWithAPassword() async throws {
        let sandbox = try HeadlessBrowser.sandbox(secret: "Passw0rd!", prefix: "browser-password-")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--browser", "bob@example.com", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.json?["username"] as? String == "bob@example.com", "\(result)")
        #expect(!result.stderr.contains("Passw0rd!"), "the password never reaches the terminal: \(result)")
    }

    @Test func aScriptIsToldTheBrowserCommandWhichThenSignsIn() async throws {
        let sandbox = try HeadlessBrowser.sandbox(secret: "24682468", prefix: "fallback-")
        defer { sandbox.remove() }
        let native = try await sandbox.run(["signin", "webuser@example.com"])
        #expect(native.status == 4, "\(native)")
        #expect(native.stderr.contains("To sign in in the browser instead: nativeauth signin --browser webuser@example.com"), "\(native)")

        let browser = try await sandbox.run(["signin", "--browser", "webuser@example.com"])
        #expect(browser.status == 0, "\(browser)")
        #expect(browser.stdout.hasPrefix("Signed in as webuser@example.com"), "\(browser)")
    }

    @Test func aTerminalIsOfferedTheBrowser() async throws {
        var sandbox = try HeadlessBrowser.sandbox(secret: "24682468", prefix: "offer-")
        defer { sandbox.remove() }
        sandbox.environment["NATIVEAUTH_SCREENSHOT_DIR"] = nil
        let result = try await HeadlessBrowser.python(["tty_fallback.py", try CLIBinary.url().path, "webuser@example.com"], sandbox: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("OK tty fallback"), "\(result)")
    }

    /// The page asks for what the native API would: the email code; or the password, then the second
    /// factor's code (registering an address first for a user who must register one).
    @Test(arguments: [
        ["alice@example.com"],
        ["mfauser@example.com", "Passw0rd!"],
        ["registeruser@example.com", "Passw0rd!", "second@example.com"],
    ])
    func deviceCodeSignInOnThePage(person arguments: [String]) async throws {
        let sandbox = try HeadlessBrowser.sandbox(secret: "24682468", prefix: "")
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "--device-code"])
        let line = try await live.waitForStderr(#"(open the page \S+ and enter the code \S+)"#)
        let words = line.split(separator: " ").map(String.init)
        let (page, code) = (words[3], words[8])
        #expect(page.hasSuffix("/emulator.onmicrosoft.com/oauth2/deviceauth"), "\(line)")
        let username = arguments[0]
        let person = try await HeadlessBrowser.python(["device_signin.py", page, code, username, "24682468"] + arguments.dropFirst(),
                                                      sandbox: sandbox)
        #expect(person.status == 0, "\(person)")
        if person.status != 0 { live.terminate() }  // else it would wait for the code's 15 minutes
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as \(username) (the embedded emulator).\n", "\(result)")
    }

    @Test func theErrorPageForAnUnregisteredRedirect() async throws {
        let emulatorSandbox = try HeadlessBrowser.sandbox(secret: "", prefix: "")
        defer { emulatorSandbox.remove() }
        let emulator = try await ForegroundEmulator.start(in: emulatorSandbox)
        let url = "\(emulator.authority)/oauth2/v2.0/authorize?client_id=e1a70000-0000-4000-8000-000000000001&response_type=code"
            + "&redirect_uri=https%3A%2F%2Fapp.example%2Fcallback&scope=openid&code_challenge_method=S256"
        let shot = try await HeadlessBrowser.python(["page_shot.py", url, "error-redirect-uri-not-registered",
                                                     "Sorry, but we're having trouble signing you in"], sandbox: emulatorSandbox)
        _ = await emulator.stop()
        #expect(shot.status == 0, "\(shot)")
    }
}

/// The headless browser's pieces and the scripts in `Tests/BrowserDrivers`.
enum HeadlessBrowser {
    static let drivers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BrowserDrivers")

    static let available: Bool = {
        let files = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        guard files.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return false }
        return ChildRun.succeeds(["python3", "-c", "import selenium, pexpect"])
    }()

    /// Where this run's screenshots go.
    static var screenshots: URL {
        if ProcessInfo.processInfo.environment["NATIVEAUTH_UPDATE_SCREENSHOTS"] == "1" {
            return drivers.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/screenshots")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-screenshots")
    }

    /// A CLI sandbox whose `$BROWSER` signs in with `secret` (the emulator's fixed code, or a password).
    static func sandbox(secret: String, wrongFirst: Bool = false, prefix: String) throws -> CLISandbox {
        var sandbox = try CLISandbox(fixedCode: "24682468")
        sandbox.environment["BROWSER"] = "python3 \(drivers.appendingPathComponent("browser_signin.py").path)"
        sandbox.environment["NATIVEAUTH_TEST_SECRET"] = secret
        sandbox.environment["NATIVEAUTH_TEST_WRONG_FIRST"] = wrongFirst ? "1" : "0"
        sandbox.environment["NATIVEAUTH_SCREENSHOT_DIR"] = screenshots.path
        sandbox.environment["NATIVEAUTH_SCREENSHOT_PREFIX"] = prefix
        sandbox.environment["NATIVEAUTH_BROWSER_LOG"] = sandbox.stateHome.appendingPathComponent("browser.log").path
        return sandbox
    }

    /// Runs a driver script with the sandbox's environment and waits for it.
    static func python(_ arguments: [String], sandbox: CLISandbox) async throws -> CLIResult {
        try await ChildRun.run(["python3", drivers.appendingPathComponent(arguments[0]).path] + arguments.dropFirst(),
                           environment: sandbox.environment)
    }
}
