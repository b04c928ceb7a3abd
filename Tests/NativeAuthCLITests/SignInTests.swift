import Foundation
import Testing

/// `nativeauth signin` against the embedded emulator, with input piped on standard input.
@Suite(.timeLimit(.minutes(3)))
struct SignInTests {
    @Test func otpWithTheCodePipedOnStandardInput() async throws {
        let sandbox = try CLISandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "alice@example.com"], input: "13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as alice@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("Code sent to a***e@e*****e.com (8 digits). Enter code, or r to resend:"), "\(result)")
        #expect(result.stderr.components(separatedBy: "Using the embedded emulator").count == 2, "announced once: \(result)")
        #expect(FileManager.default.fileExists(atPath: sandbox.storeFile.path))
    }

    @Test func otpWithTheCodeReadFromTheEmulatorsConsoleLine() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "alice@example.com"])
        let code = try await live.waitForStderr(#"code (\d{8})"#)
        try await live.waitForStderr("Enter code, or r to resend: ")
        live.send(code + "\n")
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func codeOptionSkipsThePrompt() async throws {
        let sandbox = try CLISandbox(fixedCode: "24681357")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com", "--code", "24681357", "--json"])
        #expect(result.status == 0, "\(result)")
        let json = try #require(result.json, "\(result)")
        #expect(json["username"] as? String == "alice@example.com")
        #expect((json["location"] as? [String: Any])?["kind"] as? String == "emulator")
    }

    @Test func passwordPipedOnStandardInput() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as bob@example.com"), "\(result)")
        #expect(!result.stderr.contains("Passw0rd!"), "the password is never echoed: \(result)")
        #expect(result.stderr.contains("Password for bob@example.com: "))
    }

    @Test func addressIsPromptedForWhenAbsent() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password"], input: "bob@example.com\nPassw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Email address: "))
    }

    @Test func wrongPasswordThenEndOfInputIsExit3() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "wrong-password\n")
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("The password is wrong."), "\(result)")
    }

    @Test func wrongCodeThenRightCode() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "--email", "alice@example.com"])
        let code = try await live.waitForStderr(#"code (\d{8})"#)
        try await live.waitForStderr("Enter code, or r to resend: ")
        live.send((code == "00000000" ? "11111111" : "00000000") + "\n")
        try await live.waitForStderr("That code is wrong")
        live.send(code + "\n")
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func resendThenTheNewCode() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let live = try sandbox.start(["signin", "--email", "alice@example.com"])
        let first = try await live.waitForStderr(#"code (\d{8})"#)
        try await live.waitForStderr("Enter code, or r to resend: ")
        live.send("r\n")
        let second = try await live.waitForStderr(#"code (\d{8})"#, count: 2)
        try await live.waitForStderr("A new code was sent to a\\*\\*\\*e@e\\*\\*\\*\\*\\*e.com")
        live.send(second + "\n")
        let result = await live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(first != second || first.isEmpty == false)
    }

    @Test func wrongCodeThenEndOfInputIsExit3() async throws {
        let sandbox = try CLISandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com"], input: "99999999\n")
        #expect(result.status == 3, "\(result)")
    }

    @Test func theServersLimitOfWrongCodesEndsTheSignInWithExit3() async throws {
        let sandbox = try CLISandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        let wrong = String(repeating: "99999999\n", count: 6) + "12121212\n"
        let result = try await sandbox.run(["signin", "alice@example.com"], input: wrong)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("The sign-in ended after wrong attempts"), "\(result)")
        #expect(!result.stdout.contains("Signed in"), "\(result)")
    }

    @Test func noCodeOnStandardInputIsAClearErrorNotAHang() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("No code was entered: standard input ended."), "\(result)")
    }

    @Test func unknownUserIsExit3() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "nobody@example.com"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: "), "\(result)")
    }

    @Test func browserRequiredIsExit4WithAnExplanation() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "bob@example.com", "--verbose"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("A browser sign-in is required"), "\(result)")
        #expect(result.stderr.contains("Try `nativeauth signin --password`"), "\(result)")
        #expect(result.stderr.contains("correlation id: "), "--verbose shows protocol details: \(result)")
    }
}
