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
        #expect(summary.contains("docs/CLI.md have the full table"), "\(root)")
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
