import Foundation
import Testing

/// `nativeauth signin` against the embedded emulator, with input piped on standard input.
@Suite
struct SignInTests {
    @Test func otpWithTheCodePipedOnStandardInput() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "alice@example.com"], input: "13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as alice@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("Code sent to a***e@e*****e.com (8 digits). Enter code, r to resend, or q to stop:"), "\(result)")
        #expect(result.stderr.components(separatedBy: "Using the embedded emulator").count == 2, "announced once: \(result)")
        let announcement = try #require(result.stderr.range(of: "Using the embedded emulator"))
        let code = try #require(result.stderr.range(of: "code 13572468"))
        #expect(announcement.lowerBound < code.lowerBound, "before the code: \(result)")
        #expect(FileManager.default.fileExists(atPath: sandbox.storeFile.path))
    }

    @Test func otpWithTheCodeReadFromTheEmulatorsConsoleLine() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "alice@example.com"])
        let code = try await live.waitForStderr(#"code (\d{8})"#)
        try await live.waitForStderr("Enter code, r to resend, or q to stop: ")
        live.send(code + "\n")
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func codeOptionSkipsThePrompt() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24681357")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com", "--code", "24681357", "--json"])
        #expect(result.status == 0, "\(result)")
        let json = try #require(result.json, "\(result)")
        #expect(json["username"] as? String == "alice@example.com")
        #expect((json["location"] as? [String: Any])?["kind"] as? String == "emulator")
    }

    @Test func passwordPipedOnStandardInput() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as bob@example.com"), "\(result)")
        #expect(!result.stderr.contains("Passw0rd!"), "the password is never echoed: \(result)")
        #expect(result.stderr.contains("Password for bob@example.com: "))
    }

    @Test func addressIsPromptedForWhenAbsent() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password"], input: "bob@example.com\nPassw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Email address: "))
    }

    @Test func wrongPasswordThenTheRightOne() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "wrong-password\nPassw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("The password is wrong."), "\(result)")
    }

    @Test func aPasswordSignInAnnouncesTheEmbeddedEmulatorBeforeThePassword() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("Using the embedded emulator"), "before the password prompt: \(result)")
        let verbose = try await sandbox.run(["signin", "--password", "bob@example.com", "--verbose"], input: "Passw0rd!\n")
        #expect(verbose.stderr.contains("embedded emulator"), "--verbose says which emulator: \(verbose)")
    }

    @Test func wrongCodeThenRightCode() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "--email", "alice@example.com"])
        let code = try await live.waitForStderr(#"code (\d{8})"#)
        try await live.waitForStderr("Enter code, r to resend, or q to stop: ")
        live.send((code == "00000000" ? "11111111" : "00000000") + "\n")
        try await live.waitForStderr("That code is wrong")
        live.send(code + "\n")
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func resendThenTheNewCode() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "--email", "alice@example.com"])
        let first = try await live.waitForStderr(#"code (\d{8})"#)
        try await live.waitForStderr("Enter code, r to resend, or q to stop: ")
        live.send("r\n")
        let second = try await live.waitForStderr(#"code (\d{8})"#, count: 2)
        try await live.waitForStderr("A new code was sent to a\\*\\*\\*e@e\\*\\*\\*\\*\\*e.com")
        #expect(first != second, "a resend sends a new code")
        // The resend invalidated the first code: it is now a wrong one.
        live.send(first + "\n")
        try await live.waitForStderr("That code is wrong")
        live.send(second + "\n")
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func theServersLimitOfWrongCodesEndsTheSignInWithExit3AndNoFurtherPrompt() async throws {
        let sandbox = try CommandSandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        let wrong = String(repeating: "99999999\n", count: 5) + "12121212\n"
        let result = try await sandbox.run(["signin", "alice@example.com"], input: wrong)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: The sign-in stopped after too many wrong codes.\nRun `nativeauth signin alice@example.com` to start a new sign-in."), "\(result)")
        #expect(!result.stderr.contains("locked"), "the server's words are for --verbose: \(result)")
        #expect(result.stderr.components(separatedBy: "Enter code, r to resend, or q to stop:").count - 1 == 5, "no 6th prompt: \(result)")
        #expect(!result.stderr.contains("55200"), "\(result)")
        #expect(!result.stdout.contains("Signed in"), "\(result)")
    }

    @Test func theServersLimitOfWrongPasswordsEndsTheSignInWithExit3AndNoFurtherPrompt() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let wrong = String(repeating: "wrong-password\n", count: 5) + "Passw0rd!\n"
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: wrong)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: The sign-in stopped after too many wrong passwords."), "\(result)")
        #expect(result.stderr.components(separatedBy: "Password for bob@example.com:").count - 1 == 5, "no 6th prompt: \(result)")
        #expect(!result.stdout.contains("Signed in"), "\(result)")
    }

    @Test func aCodeOfTheWrongLengthIsRefusedLocallyWithoutUsingAnAttempt() async throws {
        let sandbox = try CommandSandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        // Five short, long or non-numeric answers, then four wrong codes: had the malformed ones
        // counted, the server's limit of five would have ended the sign-in.
        let input = ["1234", "123456789", "12a45678", "1212", "0"].map { $0 + "\n" }.joined()
            + String(repeating: "99999999\n", count: 4) + "12121212\n"
        let result = try await sandbox.run(["signin", "alice@example.com"], input: input)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("The code has 8 digits: enter it again, or r for a new code."), "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func aCodeOptionOfTheWrongLengthIsAUsageErrorAndNothingIsSubmitted() async throws {
        let sandbox = try CommandSandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com", "--code", "1212"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--code has 4 digits, but the code sent has 8"), "\(result)")
        let paths = try await emulator.requestedPaths()
        #expect(paths.contains { $0.hasSuffix("/challenge") }, "\(paths)")
        #expect(!paths.contains { $0.hasSuffix("/token") }, "no code was submitted: \(paths)")
        _ = await emulator.stop()
    }

    @Test func noCodeOnStandardInputIsAClearErrorNotAHang() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("No code was entered: standard input ended."), "\(result)")
        #expect(result.stderr.contains("--code CODE"), "the hint: \(result)")
    }

    /// Issue 35, item 17: an address with no account is named, with the sign-up to run; the
    /// server's AADSTS line is for `--verbose`.
    @Test(arguments: [["--email"], ["--password"]])
    func anUnknownAddressIsNamedWithTheSignUpToRun(method: [String]) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin"] + method + ["nobody@example.com"], input: "Passw0rd!\n")
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: No account has the address nobody@example.com.\n"), "\(result)")
        #expect(result.stderr.contains("Check its spelling, or create an account: nativeauth signup nobody@example.com\n"), "\(result)")
        #expect(!result.stderr.contains("AADSTS50034"), "\(result)")
        let verbose = try await sandbox.run(["signin"] + method + ["nobody@example.com", "--verbose"], input: "Passw0rd!\n")
        #expect(verbose.stderr.contains("AADSTS50034"), "--verbose keeps the server's line: \(verbose)")
    }

    /// Issue 35, item 26: an account that signs in with a password, asked for an email code, opens
    /// with the `--password` sign-in to run; the browser comes after, for an account that needs it.
    @Test func browserRequiredForAnEmailCodeOpensWithThePasswordSignIn() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "bob@example.com", "--verbose"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.hasPrefix("Using the embedded emulator"), "\(result)")
        let error = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("error: ") }, "\(result)")
        #expect(error == "error: bob@example.com does not sign in with an email code here: if it has a password, "
            + "run `nativeauth signin --password bob@example.com`.", "\(result)")
        #expect(result.stderr.contains("To sign in in the browser instead: nativeauth signin --browser bob@example.com"), "\(result)")
        #expect(result.stderr.contains("correlation id: "), "--verbose shows protocol details: \(result)")
    }

    /// Issue 35, item 26: `--password` for an account without one says so before anything else is
    /// read; a script stops there (its piped password is no code), a terminal goes on with the code.
    @Test func aPasswordSignInOfAnAccountWithoutOneSaysSoFirst() async throws {
        var sandbox = try CommandSandbox(fixedCode: "26262626")
        defer { sandbox.remove() }
        let piped = try await sandbox.run(["signin", "--password", "alice@example.com"], input: "Passw0rd!\n")
        #expect(piped.status == 1, "\(piped)")
        #expect(piped.stderr.contains("error: alice@example.com has no password: it signs in with an email code."), "\(piped)")
        #expect(piped.stderr.contains("Sign in with a code: nativeauth signin --email alice@example.com"), "\(piped)")
        #expect(!piped.stderr.contains("Enter code"), "the piped password is not read as a code: \(piped)")
        sandbox.inputIsTerminal = true
        let live = try sandbox.start(["signin", "--password", "alice@example.com"])
        try await live.waitForStderr("alice@example.com has no password: it signs in with an email code, sent now.")
        try await live.waitForStderr("Enter code, r to resend, or q to stop: ")
        live.send("26262626\n")
        let terminal = await live.finish()
        #expect(terminal.status == 0, "\(terminal)")
        #expect(terminal.stdout.hasPrefix("Signed in as alice@example.com"), "\(terminal)")
    }

    /// Issue 35, item 20: `--browser` where no browser can open (no display, or over SSH) says so
    /// and suggests `--device-code`, at once, instead of waiting for a browser that never comes.
    @Test(arguments: [[String: String](), ["DISPLAY": ":0", "SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"]])
    func browserWithoutADisplaySuggestsTheDeviceCode(variables: [String: String]) async throws {
        var sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "BROWSER", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"] { sandbox.environment[name] = nil }
        sandbox.environment.merge(variables) { $1 }
        let result = try await sandbox.run(["signin", "--browser", "webuser@example.com"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("error: No browser can be opened here"), "\(result)")
        #expect(result.stderr.contains(". Set BROWSER to open one anyway.\n"), "one sentence after another, not nested brackets: \(result)")
        #expect(result.stderr.contains("Sign in on another device instead: nativeauth signin --device-code\n"), "\(result)")
        #expect(!result.stderr.contains("Opening the sign-in page"), "\(result)")
    }

}
