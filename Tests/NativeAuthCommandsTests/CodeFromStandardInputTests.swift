import Foundation
import Testing

/// Issue 9, item 14: `--code -` reads the code from standard input, so it is not in the process list.
@Suite
struct CodeFromStandardInputTests {
    @Test func codeDashReadsTheCodeFromStandardInput() async throws {
        let sandbox = try CommandSandbox(fixedCode: "97531864")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--email", "alice@example.com", "--code", "-"], input: "97531864\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Signed in as alice@example.com"), "\(result)")
    }

    @Test func resetPasswordReadsTheCodeDashFromStandardInputToo() async throws {
        let sandbox = try CommandSandbox(fixedCode: "97531864")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["reset-password", "bob@example.com", "--code", "-"], input: "97531864\nN3w-Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Password reset; signed in as bob@example.com"), "\(result)")
        let help = try await sandbox.run(["reset-password", "--help"])
        #expect(help.stdout.contains("process list"), "\(help.stdout)")
    }

    /// Issue 35, item 24: with `--code -`, no interactive prompt is printed; and after a wrong
    /// piped code the hint does not say to pipe the code (it was piped).
    @Test func codeDashPrintsNoPromptAndAWrongPipedCodeIsNamedAsSuch() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24242424")
        defer { sandbox.remove() }
        let dash = try await sandbox.run(["signin", "--email", "alice@example.com", "--code", "-"], input: "00000000\n")
        #expect(dash.status == 3, "\(dash)")
        #expect(!dash.stderr.contains("Enter code"), "\(dash)")
        #expect(dash.stderr.contains("Reading the code sent to a***e@e*****e.com (8 digits) from standard input."), "\(dash)")
        #expect(dash.stderr.contains("error: No code was entered after the wrong one: standard input ended.\n"
            + "The code given was wrong: run the command again with the code it sends.\n"), "\(dash)")
        #expect(!dash.stderr.contains("Pipe the code"), "\(dash)")
        let piped = try await sandbox.run(["signin", "--email", "alice@example.com"], input: "00000000\n")
        #expect(piped.status == 3, "\(piped)")
        #expect(piped.stderr.contains("The code given was wrong: run the command again with the code it sends."), "\(piped)")
        #expect(!piped.stderr.contains("Pipe the code"), "\(piped)")
        let password = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "wrong-password\n")
        #expect(password.status == 3, "\(password)")
        #expect(password.stderr.contains("The password given was wrong: check it."),
                "\(password)")
        #expect(!password.stderr.contains("Pipe the password"), "\(password)")
        let nothing = try await sandbox.run(["signin", "--email", "alice@example.com"])
        #expect(nothing.stderr.contains("Pipe the code on standard input with --code - (no prompt then), or pass --code CODE (seen by other users in ps)."), "nothing was piped: \(nothing)")
    }

    /// The hint names --code only where the command has it and it was not given: not for `signup`'s
    /// code, nor for a second factor's after `--code` answered the first.
    @Test func inputEndingAtACodeNoOptionGivesDoesNotSuggestOne() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24242424")
        defer { sandbox.remove() }
        let signUp = try await sandbox.run(["signup", "nina@example.com", "--attribute", "displayName=Nina"])
        #expect(signUp.status == 1, "\(signUp)")
        let secondFactor = try await sandbox.run(["signin", "--code", "24242424", "smsuser@example.com"])
        #expect(secondFactor.status == 1, "\(secondFactor)")
        for result in [signUp, secondFactor] {
            #expect(result.stderr.contains("No code was entered: standard input ended.\n"
                + "Pipe the code on standard input, on the line after the answers before it."), "\(result)")
            #expect(!result.stderr.contains("--code CODE"), "\(result)")
        }
    }

    @Test func theHelpSaysSoAndWhy() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let help = try await sandbox.run(["signin", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("- reads it from standard input"), "\(help.stdout)")
        #expect(text.contains("process list"), "\(help.stdout)")
        #expect(text.contains("--code -"), "\(help.stdout)")
    }
}
