import CLITestSupport
import Foundation
import Testing
@testable import NativeAuthCommands

/// `nativeauth signin` for users with a second factor (`mfauser@example.com`) or one to register
/// (`registeruser@example.com`) against the embedded emulator, with input piped on standard input.
@Suite
struct StrongAuthTests {
    @Test func mfaChosenAtThePromptWithAWrongCodeThenAResend() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "mfauser@example.com"],
                                           input: "Passw0rd!\n2\n00000000\nr\n13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as mfauser@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("A second factor is required. Where should the code go?"), "\(result)")
        #expect(result.stderr.contains("  1. email  m*****r@e*****e.com\n  2. sms (text message)  +1*********0\n"), "\(result)")
        #expect(result.stderr.contains("emulator: text message to +1*********0: code 13572468"), "\(result)")
        #expect(result.stderr.contains("Code sent to +1*********0 (8 digits). Enter code, r to resend, or q to stop:"), "\(result)")
        #expect(result.stderr.contains("That code is wrong or has expired: enter it again, or r for a new code."), "\(result)")
        #expect(result.stderr.contains("A new code was sent to +1*********0."), "\(result)")
        #expect(!result.stderr.contains("Passw0rd!"), "\(result)")
    }

    @Test func mfaMethodOptionSkipsTheQuestion() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "mfauser@example.com", "--mfa-method", "email", "--json"],
                                           input: "Passw0rd!\n13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.json?["username"] as? String == "mfauser@example.com", "\(result)")
        #expect(!result.stderr.contains("Method ("), "\(result)")
        #expect(result.stderr.contains("Code sent to m*****r@e*****e.com"), "\(result)")
    }

    @Test("Too many wrong codes of the second factor after a right password are said as such, not as wrong passwords")
    func theSecondFactorsAttemptLimitNamesItsCodes() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let wrong = String(repeating: "11111111\n", count: 6)
        let result = try await sandbox.run(["signin", "--password", "mfauser@example.com", "--mfa-method", "email"],
                                           input: "Passw0rd!\n" + wrong)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("error: The sign-in stopped after too many wrong codes of the second factor."), "\(result)")
        #expect(!result.stderr.contains("wrong passwords"), "\(result)")
        #expect(result.stderr.contains("Run `nativeauth signin --password mfauser@example.com` to start a new sign-in."), "\(result)")
    }

    /// Issue 35, item 19: with one method, or the method given with `--mfa-method`, a line still
    /// says that a second factor is needed, and where its code goes.
    @Test func aSecondFactorWithoutAChoiceIsStillAnnounced() async throws {
        let sandbox = try CommandSandbox(fixedCode: "19191919")
        defer { sandbox.remove() }
        let single = try await sandbox.run(["signin", "smsuser@example.com"], input: "19191919\n19191919\n")
        #expect(single.status == 0, "\(single)")
        #expect(single.stderr.contains("A second factor is required: a code by text message to +1*********1.\n"), "\(single)")
        let chosen = try await sandbox.run(["signin", "--password", "mfauser@example.com", "--mfa-method", "email"],
                                           input: "Passw0rd!\n19191919\n")
        #expect(chosen.status == 0, "\(chosen)")
        #expect(chosen.stderr.contains("A second factor is required: a code by email to m*****r@e*****e.com.\n"), "\(chosen)")
    }

    @Test func aMethodTheAccountLacksIsAUsageError() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let unknown = try await sandbox.run(["signin", "--password", "mfauser@example.com", "--mfa-method", "voice"], input: "Passw0rd!\n")
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("--mfa-method 'voice' is not a method"), "\(unknown)")
        // A registered method is the only second factor of a user who registered an address.
        let registered = try await sandbox.run(["signin", "--password", "registeruser@example.com", "--mfa-method", "email",
                                                "--register-contact", "registeruser@example.com"], input: "Passw0rd!\n13572468\n")
        #expect(registered.status == 0, "\(registered)")
        let lacking = try await sandbox.run(["signin", "--password", "registeruser@example.com", "--mfa-method", "sms"], input: "Passw0rd!\n")
        #expect(lacking.status == 2, "\(lacking)")
        #expect(lacking.stderr.contains("the server offers no such method for this account (it offers email)"), "\(lacking)")
    }

    @Test func standardInputEndingAtTheMethodQuestionExitsOne() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "mfauser@example.com"], input: "Passw0rd!\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("No second-factor method was chosen: standard input ended."), "\(result)")
        #expect(result.stderr.contains("--mfa-method email"), "\(result)")
    }

    @Test func registrationTakesTheSuggestedAddressOnAnEmptyLine() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "registeruser@example.com"], input: "Passw0rd!\nemail\n\n13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as registeruser@example.com"), "\(result)")
        #expect(result.stderr.contains("This account must register a second factor before it can sign in."), "\(result)")
        #expect(result.stderr.contains("Email address to register [registeruser@example.com]: "), "\(result)")
        #expect(result.stderr.contains("registeruser@example.com is registered as a second factor."), "\(result)")
    }

    @Test func registrationOfANumberFromTheOptionsThenItIsTheSecondFactor() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let first = try await sandbox.run(["signin", "--password", "registeruser@example.com", "--mfa-method", "sms",
                                           "--register-contact", "+14255550199"], input: "Passw0rd!\n13572468\n")
        #expect(first.status == 0, "\(first)")
        // V1's registration challenge names the number as given; V2's activate answer masks it.
        let sentTo = TestAPI.isV2 ? "+1*********9" : "+14255550199"
        #expect(first.stderr.contains("Code sent to \(sentTo) (8 digits)."), "\(first)")
        #expect(!first.stderr.contains("to register"), "no contact question: \(first)")
        let next = try await sandbox.run(["signin", "--password", "registeruser@example.com"], input: "Passw0rd!\n13572468\n")
        #expect(next.status == 0, "\(next)")
        #expect(next.stderr.contains("Code sent to +1*********9"), "the only second factor, without a question: \(next)")
    }

    @Test func theSignInThatEndsAPasswordResetAsksForTheSecondFactor() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["reset-password", "mfauser@example.com", "--mfa-method", "sms"],
                                           input: "13572468\nN3w-Passw0rd!\n13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Password reset; signed in as mfauser@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("Code sent to +1*********0 (8 digits)."), "the second factor after the reset: \(result)")
    }

    @Test func aSignUpUnderATenantThatRequiresMFARegistersTheVerifiedAddressWithoutACode() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let seed = sandbox.stateHome.appendingPathComponent("seed.json")
        try Data(#"{"signUp":{"method":"password","attributes":[],"requireMFA":true}}"#.utf8).write(to: seed)
        let emulator = try await StandaloneEmulator.start(in: sandbox, stateFolder: "seeded", seed: seed)
        // The code, the password, then the registration: the method (email), the suggested address.
        let result = try await sandbox.run(["signup", "--authority", emulator.authority, "--password", "jo@example.com", "--mfa-method", "email"],
                                           input: TestAPI.signUpInput(code: "13572468", passwords: ["S3cure-Passw0rd"], then: [""]))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("This account must register a second factor before it can sign in."), "\(result)")
        #expect(result.stderr.contains("jo@example.com was already verified: it is registered."), "\(result)")
        _ = await emulator.stop()
    }

    @Test func aBlockedNumberAsksForAnotherUnlessGivenAsAnOption() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let given = try await sandbox.run(["signin", "--password", "registeruser@example.com", "--mfa-method", "sms",
                                           "--register-contact", "+9995550123"], input: "Passw0rd!\n")
        #expect(given.status == 3, "\(given)")
        #expect(given.stderr.contains("The server blocked the verification contact provided."), "\(given)")
        let asked = try await sandbox.run(["signin", "--password", "registeruser@example.com", "--mfa-method", "sms"],
                                          input: "Passw0rd!\n+9995550123\n+14255550199\n13572468\n")
        #expect(asked.status == 0, "\(asked)")
        #expect(asked.stderr.contains("Enter another one."), "\(asked)")
    }
}

/// `signin --help`'s piped example for mfauser: the answers in the order the prompts ask for them
/// (the password, the method, the code), run as written.
@Suite
struct StrongAuthHelpExampleTests {
    @Test func theHelpsPipedSecondFactorExampleSignsIn() async throws {
        let lines = SignInCommand.configuration.discussion.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("printf 'Passw0rd!") && $0.hasSuffix("\\") })
        #expect(lines[index + 1].trimmingCharacters(in: .whitespaces) == "nativeauth signin --password mfauser@example.com")
        let printed = try #require(lines[index].split(separator: "'").dropFirst().first).replacing("\\n", with: "\n")
        let sandbox = try CommandSandbox(fixedCode: "12345678")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--password", "mfauser@example.com"], input: String(printed))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as mfauser@example.com (the embedded emulator).\n", "\(result)")
    }
}
