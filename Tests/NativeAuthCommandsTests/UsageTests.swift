import Foundation
import Testing

/// Usage errors, `--help` and `--version`.
@Suite
struct UsageTests {
    @Test(arguments: [
        ["signin", "--email", "--password", "a@b.c"],
        ["status", "--tenant", "contoso", "--authority", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"],
        ["token", "--no-such-flag"],
        ["signin", "--password", "--code", "12345678", "a@b.c"],
        ["signin", "--code", "12ab5678", "a@b.c"],
        ["token", "--scope", "api://app/Data.Read openid"],
        ["token", "--scope", "api://app/Data.Read,openid"],
        ["signin", "--scope", "api://app/Data.Read\tprofile", "a@b.c"],
        ["token", "--scope", ""],
        ["signout", "--account", ""],
        ["signin", "--account", "alice@example.com"],
    ])
    func conflictingOrUnknownFlagsAreExit2(arguments: [String]) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        // One style for every error, the parser's own included.
        #expect(result.stderr.hasPrefix("error: "), "\(result)")
        #expect(!result.stderr.contains("Error:"), "\(result)")
    }

    @Test func aScopeWithSpacesSaysToGiveEachScopeOnItsOwn() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--scope", "api://app/Data.Read openid", "alice@example.com"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("give each scope with its own --scope"), "\(result)")
        #expect(!result.stderr.contains("emulator: email to"), "nothing was sent: \(result)")
    }

    @Test func theScopesVariableStaysSpaceSeparated() async throws {
        var sandbox = try CommandSandbox(fixedCode: "20202020")
        defer { sandbox.remove() }
        sandbox.environment["NATIVEAUTH_SCOPES"] = "api://app/Data.Read openid"
        let result = try await sandbox.run(["signin", "alice@example.com", "--code", "20202020"])
        #expect(result.status == 0, "\(result)")
        let token = try await sandbox.run(["token", "--json"])
        #expect((token.json?["scopes"] as? [String])?.contains("api://app/Data.Read") == true, "\(token)")
    }

    @Test func tenantWithoutClientIdIsAUsageError() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--tenant", "contoso", "a@b.c"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--client-id"), "\(result)")
    }

    @Test func helpDocumentsExitCodesAndEveryCommandHasAnExample() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let root = try await sandbox.run(["--help"])
        #expect(root.status == 0)
        // A short overview, then the commands; the full exit-code table is in docs/CLI.md.
        let summary = root.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(summary.contains("Exit codes: 0 success, 1 failure, 2 usage error, 3 wrong password or code"), "\(root)")
        #expect(summary.contains("6 (call)") && summary.contains("7 no keyring") && summary.contains("130 Ctrl-C"), "\(root)")
        // Issue 35, item 28: the man page shows this text too, where docs/CLI.md is not installed.
        #expect(summary.contains("The full table is under EXIT STATUS in `man nativeauth` (and in docs/CLI.md of the source)."), "\(root)")
        let lines = root.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let commands = try #require(lines.firstIndex(of: "SUBCOMMANDS:"), "\(root)")
        #expect(commands < 25, "the command list comes early: \(root)")
        #expect(root.stdout.contains("signin, login") && root.stdout.contains("signout, logout"), "\(root)")
        let signin = try await sandbox.run(["signin", "--help"])
        let methods = try #require(signin.stdout.range(of: "SIGN-IN METHOD:"), "\(signin)")
        let secondFactor = try #require(signin.stdout.range(of: "SECOND FACTOR:"), "\(signin)")
        #expect(methods.lowerBound < secondFactor.lowerBound, "--email, --password, --browser, --device-code first: \(signin)")
        for command in ["signin", "signup", "token", "status", "switch", "signout", "emulator", "emulator reset"] {
            let help = try await sandbox.run(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.status == 0, "\(help)")
            #expect(help.stdout.contains("EXAMPLES:"), "\(command): \(help)")
        }
    }

    @Test func versionPrintsTheVersion() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .newlines).split(separator: ".").count == 3, "\(result)")
    }

    @Test(arguments: [("accounts", "status"), ("sigin", "signin"), ("sign-out", "signout"), ("use", "switch")])
    func anUnknownCommandSuggestsTheOneMeant(word: String, meant: String) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run([word])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: nativeauth has no command '\(word)'. Did you mean `nativeauth \(meant)`?"), "\(result)")
        let nothing = try await sandbox.run(["xyzzy"])
        #expect(nothing.status == 2 && !nothing.stderr.contains("Did you mean"), "\(nothing)")
    }

    /// A word right after a command that has subcommands (and no operand of its own) names one of them.
    @Test(arguments: [("rest", "reset"), ("impot", "import"), ("exprt", "export")])
    func anUnknownSubcommandSuggestsTheOneMeant(word: String, meant: String) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["emulator", word])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: nativeauth emulator has no command '\(word)'. Did you mean `nativeauth emulator \(meant)`?"),
                "\(result)")
        #expect(result.stderr.contains("Commands: reset, export, import"), "\(result)")
        let nothing = try await sandbox.run(["emulator", "xyzzy"])
        #expect(nothing.status == 2 && nothing.stderr.hasPrefix("error: nativeauth emulator has no command 'xyzzy'.")
                && !nothing.stderr.contains("Did you mean"), "\(nothing)")
        // Options before the word, and a command without subcommands, are ArgumentParser's to judge.
        #expect(try await sandbox.run(["emulator", "reset", "--help"]).status == 0)
        #expect(try await sandbox.run(["status", "bob@example.com"]).stderr.contains("has no command") == false)
    }

    /// Issue 35, item 25: `help` for a command there is not is a usage error, as the command itself.
    @Test func helpForACommandThereIsNotIsAUsageError() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let nope = try await sandbox.run(["help", "nope"])
        #expect(nope.status == 2, "\(nope)")
        #expect(nope.stderr.hasPrefix("error: nativeauth has no command 'nope'."), "\(nope)")
        #expect(nope.stdout.isEmpty, "\(nope)")
        let meant = try await sandbox.run(["help", "accounts"])
        #expect(meant.status == 2 && meant.stderr.contains("Did you mean `nativeauth status`?"), "\(meant)")
        let nested = try await sandbox.run(["help", "emulator", "nope"])
        #expect(nested.status == 2, "\(nested)")
        #expect(nested.stderr.hasPrefix("error: nativeauth emulator has no command 'nope'."), "\(nested)")
        for known in [["help"], ["help", "signin"], ["help", "login"], ["help", "emulator", "reset"]] {
            let help = try await sandbox.run(known)
            #expect(help.status == 0 && help.stdout.contains("USAGE:"), "\(known): \(help)")
        }
    }

    /// Issue 35, item 25: an unknown option is reported as one, even when its value would otherwise
    /// be read as the address.
    @Test func anUnknownOptionWithAValueIsReportedAsAnUnknownOption() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--foo", "v2", "--email", "alice@example.com"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: Unknown option '--foo'"), "\(result)")
        #expect(!result.stderr.contains("ADDRESS is not"), "\(result)")
        let address = try await sandbox.run(["signin", "not-an-address"])
        #expect(address.status == 2 && address.stderr.contains("ADDRESS is not an email address"), "\(address)")
    }

    /// Issue 35, item 25: each command lists the options it takes, and only those.
    @Test func helpListsOnlyTheOptionsACommandTakes() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        for command in ["token", "call", "status", "signout"] {
            let help = try await sandbox.run([command, "--help"])
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("--account <USERNAME> The stored account to act on, by username (case-insensitive); default: the active account"),
                    "\(command): \(help.stdout)")
            #expect(!text.contains("signed in last"), "\(command): \(help.stdout)")
        }
        let call = try await sandbox.run(["call", "--help"])
        #expect(!call.stdout.contains("--json"), "call refuses --json: \(call.stdout)")
        for command in ["status", "signout", "switch"] {
            let help = try await sandbox.run([command, "--help"])
            #expect(!help.stdout.contains("--scope"), "\(command) asks for no token: \(help.stdout)")
            let refused = try await sandbox.run([command, "--scope", "api://app/Data.Read"])
            #expect(refused.status == 2 && refused.stderr.hasPrefix("error: Unknown option '--scope'"), "\(command): \(refused)")
        }
        let unknownJSON = try await sandbox.run(["call", "/v1.0/me", "--json"])
        #expect(unknownJSON.status == 2 && unknownJSON.stderr.hasPrefix("error: Unknown option '--json'"), "\(unknownJSON)")
    }

    @Test func loginAndLogoutAreSigninAndSignout() async throws {
        let sandbox = try CommandSandbox(fixedCode: "36363636")
        defer { sandbox.remove() }
        let login = try await sandbox.run(["login", "alice@example.com"], input: "36363636\n")
        #expect(login.status == 0, "\(login)")
        #expect(login.stdout.hasPrefix("Signed in as alice@example.com"), "\(login)")
        let logout = try await sandbox.run(["logout"])
        #expect(logout.status == 0, "\(logout)")
        #expect(logout.stdout.hasPrefix("Signed out alice@example.com"), "\(logout)")
    }

    @Test func ctrlDAtATerminalSaysStoppedAndTheCodePromptShowsQ() async throws {
        var sandbox = try CommandSandbox(fixedCode: "37373737")
        defer { sandbox.remove() }
        sandbox.inputIsTerminal = true
        let result = try await sandbox.run(["signin", "alice@example.com"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Enter code, r to resend, or q to stop: "), "\(result)")
        #expect(result.stderr.contains("error: Stopped (Ctrl-D)."), "\(result)")
        #expect(!result.stderr.contains("Pipe the code"), "the scripting hint is for pipes: \(result)")
    }
}
