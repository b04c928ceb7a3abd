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
        #expect(result.stderr.contains("error: Too many wrong codes: run `nativeauth signin` again."), "\(result)")
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
        #expect(result.stderr.contains("error: Too many wrong passwords: run `nativeauth signin` again."), "\(result)")
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

    @Test func unknownUserIsExit3() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "nobody@example.com"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: "), "\(result)")
    }

    @Test func browserRequiredIsExit4WithAnExplanation() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "bob@example.com", "--verbose"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("A browser sign-in is required"), "\(result)")
        #expect(result.stderr.contains("Try `nativeauth signin --password`"), "\(result)")
        #expect(result.stderr.contains("correlation id: "), "--verbose shows protocol details: \(result)")
    }
}
