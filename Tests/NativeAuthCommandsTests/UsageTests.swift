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
        #expect(root.stdout.contains("EXIT CODES:"), "\(root)")
        #expect(root.stdout.contains("browser sign-in"), "\(root)")
        #expect(root.stdout.contains("143"), "SIGTERM's exit code: \(root)")
        for command in ["signin", "signup", "token", "status", "signout", "emulator"] {
            let help = try await sandbox.run([command, "--help"])
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
}
