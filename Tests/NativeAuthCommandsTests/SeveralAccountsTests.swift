import CLITestSupport
import Foundation
import Testing

/// Several accounts at one place (client ID and authority), as `gh` keeps several per host: a
/// second sign-in keeps the first account, `switch` chooses which one `token` and `call` use,
/// `signout` removes only the active one.
@Suite
struct SeveralAccountsTests {
    private static func usernames(_ result: CLIResult) -> [String] {
        (result.json?["accounts"] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String }
    }

    private static func active(_ result: CLIResult) -> String? {
        (result.json?["accounts"] as? [[String: Any]] ?? []).first { $0["active"] as? Bool == true }?["username"] as? String
    }

    @Test func twoAccountsAtOnePlaceAreKeptSwitchPicksTheOneCallUsesAndSignoutRemovesOnlyTheActiveOne() async throws {
        let sandbox = try CommandSandbox(fixedCode: "51515151")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let me = emulator.baseURL.appendingPathComponent("v1.0/me").absoluteString
        let alice = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"], input: "51515151\n")
        try #require(alice.status == 0, "\(alice)")
        #expect(!alice.stderr.contains("is now the active account"), "nobody was active before: \(alice)")
        let bob = try await sandbox.run(["signin", "--password", "--authority", emulator.authority, "bob@example.com"], input: "Passw0rd!\n")
        try #require(bob.status == 0, "\(bob)")
        #expect(bob.stderr.contains("bob@example.com is now the active account, instead of alice@example.com"), "\(bob)")
        #expect(bob.stderr.contains("which stays signed in: `nativeauth switch alice@example.com` goes back."), "\(bob)")

        let both = try await sandbox.run(["status", "--json"])
        #expect(Set(Self.usernames(both)) == ["alice@example.com", "bob@example.com"], "both are kept: \(both)")
        #expect(Self.active(both) == "bob@example.com", "the last one signed in is active: \(both)")
        let text = try await sandbox.run(["status"])
        #expect(text.stdout.contains("bob@example.com (active)"), "\(text)")
        #expect(text.stdout.contains("alice@example.com\n"), "alice is listed, not marked: \(text)")
        #expect(try await sandbox.run(["token", "--account", "alice@example.com", "--force-refresh"]).status == 0, "alice still works")

        let asBob = try await sandbox.run(["call", me])
        #expect(asBob.json?["userPrincipalName"] as? String == "bob@example.com", "\(asBob)")

        // One other account: no argument needed.
        let switched = try await sandbox.run(["switch"])
        #expect(switched.status == 0, "\(switched)")
        #expect(switched.stdout.contains("Switched to alice@example.com"), "\(switched)")
        let asAlice = try await sandbox.run(["call", me])
        #expect(asAlice.json?["userPrincipalName"] as? String == "alice@example.com", "switch chose who call is: \(asAlice)")
        #expect(Self.active(try await sandbox.run(["status", "--json"])) == "alice@example.com")

        let signout = try await sandbox.run(["signout"])
        #expect(signout.status == 0, "\(signout)")
        #expect(signout.stdout.contains("Signed out alice@example.com"), "\(signout)")
        #expect(signout.stderr.contains("bob@example.com (\(emulator.authority)) is now the active account."), "\(signout)")
        let left = try await sandbox.run(["status", "--json"])
        #expect(Self.usernames(left) == ["bob@example.com"], "only the active one was removed: \(left)")
        #expect(Self.active(left) == "bob@example.com")
        let asBobAgain = try await sandbox.run(["call", me])
        #expect(asBobAgain.json?["userPrincipalName"] as? String == "bob@example.com", "\(asBobAgain)")
        _ = await emulator.stop()
    }

    @Test func switchAtATerminalOffersANumberedChoiceAndAsksAgainUntilTheAnswerIsOne() async throws {
        var sandbox = try CommandSandbox(fixedCode: "54545454")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "54545454\n").status == 0)
        try #require(try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n").status == 0)
        try #require(try await sandbox.run(["signin", "smsuser@example.com"], input: "54545454\n54545454\n").status == 0)

        sandbox.inputIsTerminal = true
        let chosen = try await sandbox.run(["switch"], input: "x\n\n2\n")
        #expect(chosen.status == 0, "\(chosen)")
        #expect(chosen.stderr.contains("Which account should be active?"), "\(chosen)")
        #expect(chosen.stderr.contains("Account (1-2): "), "\(chosen)")
        #expect(chosen.stderr.components(separatedBy: "Answer a number from 1 to 2.").count == 2, "one retry for x, none for the empty line: \(chosen)")
        let second = try #require(chosen.stderr.split(separator: "\n").first { $0.hasPrefix("  2. ") }, "\(chosen)")
        let name = String(second.dropFirst(5).prefix { $0 != " " })
        // Ctrl-D at the choice stops, as at every prompt (docs/CLI.md).
        let stopped = try await sandbox.run(["switch"], input: "")
        #expect(stopped.status == 1, "\(stopped)")
        #expect(stopped.stderr.hasSuffix("error: Stopped (Ctrl-D).\n"), "\(stopped)")
        sandbox.inputIsTerminal = false
        let status = try await sandbox.run(["status", "--json"])
        #expect(Self.active(status) == name, "\(status)")
        #expect(name != "smsuser@example.com")
    }

    @Test func switchWithSeveralOthersNeedsAUsernameInAScript() async throws {
        let sandbox = try CommandSandbox(fixedCode: "52525252")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "52525252\n").status == 0)
        try #require(try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n").status == 0)
        try #require(try await sandbox.run(["signin", "smsuser@example.com"], input: "52525252\n52525252\n").status == 0)

        let ambiguous = try await sandbox.run(["switch"])
        #expect(ambiguous.status == 2, "\(ambiguous)")
        #expect(ambiguous.stderr.contains("1. "), "the choices are listed: \(ambiguous)")
        #expect(ambiguous.stderr.contains("alice@example.com") && ambiguous.stderr.contains("bob@example.com"), "\(ambiguous)")
        #expect(!ambiguous.stderr.contains("smsuser"), "the active one is not a choice: \(ambiguous)")

        let named = try await sandbox.run(["switch", "BOB@example.com", "--json"])
        #expect(named.status == 0, "\(named)")
        #expect(named.json?["username"] as? String == "bob@example.com", "\(named)")
        let status = try await sandbox.run(["status", "--json"])
        #expect(Self.active(status) == "bob@example.com", "\(status)")
        #expect(Self.usernames(status).count == 3, "\(status)")

        let again = try await sandbox.run(["switch", "bob@example.com"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("already the active account"), "\(again)")
        let unknown = try await sandbox.run(["switch", "carol@example.com"])
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr.contains("Stored accounts: "), "\(unknown)")
    }

    @Test func switchWithNoOtherAccountIsExit1() async throws {
        let sandbox = try CommandSandbox(fixedCode: "53535353")
        defer { sandbox.remove() }
        let nobody = try await sandbox.run(["switch"])
        #expect(nobody.status == 1, "\(nobody)")
        let folder = sandbox.stateHome.appendingPathComponent("elsewhere").path
        let nobodyThere = try await sandbox.run(["switch", "--store-dir", folder, "bob@example.com"])
        #expect(nobodyThere.stderr.contains("Run `nativeauth signin --store-dir \(folder) bob@example.com` to sign in."), "\(nobodyThere)")
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "53535353\n").status == 0)
        let alone = try await sandbox.run(["switch"])
        #expect(alone.status == 1, "\(alone)")
        #expect(alone.stderr.contains("error: There is no other account to switch to."), "\(alone)")
    }

    @Test func signingInAgainAsTheSameUserReplacesOnlyThatAccount() async throws {
        let sandbox = try CommandSandbox(fixedCode: "54545454")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "54545454\n").status == 0)
        try #require(try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n").status == 0)
        let again = try await sandbox.run(["signin", "alice@example.com"], input: "54545454\n")
        #expect(again.status == 0, "\(again)")
        let status = try await sandbox.run(["status", "--json"])
        #expect(Self.usernames(status).sorted() == ["alice@example.com", "bob@example.com"], "\(status)")
        #expect(Self.active(status) == "alice@example.com", "\(status)")
        let signoutAll = try await sandbox.run(["signout", "--all"])
        #expect(signoutAll.status == 0, "\(signoutAll)")
        #expect(try await sandbox.run(["status"]).status == 1)
    }

    /// Issue 35, item 5: a sign-in that replaces a stored account of the same username, place and
    /// client (whose user the server made again, under another account ID) says so, and does not
    /// claim the old one stays signed in.
    @Test func aSignInThatReplacesAnAccountOfTheSameNameSaysSo() async throws {
        let sandbox = try CommandSandbox(fixedCode: "55555555")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com", "--code", "55555555"]).status == 0)
        // The stored account as the user's earlier incarnation left it: another account ID.
        let stored = try String(contentsOf: sandbox.storeFile, encoding: .utf8)
        let identifier = try #require(stored.firstMatch(of: /"identifier" : "([^"]+)"/)?.output.1, "\(stored)")
        try Data(stored.replacingOccurrences(of: String(identifier), with: "0badc0de-0000-4000-8000-000000000000.tenant").utf8)
            .write(to: sandbox.storeFile)
        let again = try await sandbox.run(["signin", "alice@example.com", "--code", "55555555"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("Replaced the stored alice@example.com (the embedded emulator): its account ID changed at the server "
            + "(the user was made again there), so the old one could no longer be used.\n"), "\(again)")
        #expect(!again.stderr.contains("stays signed in"), "\(again)")
        let status = try await sandbox.run(["status", "--json"])
        #expect(Self.usernames(status) == ["alice@example.com"], "\(status)")
        let plain = try await sandbox.run(["signin", "alice@example.com", "--code", "55555555"])
        #expect(!plain.stderr.contains("Replaced"), "the same account signing in again replaces nothing: \(plain)")
    }

}
