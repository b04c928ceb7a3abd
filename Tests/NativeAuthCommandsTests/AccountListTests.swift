import CLITestSupport
import Foundation
import Testing

/// Several stored accounts, like `gh auth status`: `status` lists them and marks the active one,
/// `--account` picks one, `signout --all` removes them, and an account whose `nativeauth emulator`
/// is gone is reported as such.
@Suite
struct AccountListTests {
    @Test("signout --account naming a username stored at two places removes neither: it lists each, with the signout that removes it")
    func signOutOfAUsernameAtTwoPlacesAsksWhich() async throws {
        let sandbox = try CommandSandbox(fixedCode: "64646464")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "64646464\n").status == 0)
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try #require(try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"], input: "64646464\n").status == 0)

        let ambiguous = try await sandbox.run(["signout", "--account", "alice@example.com"])
        #expect(ambiguous.status == 2, "\(ambiguous)")
        #expect(ambiguous.stderr.contains("alice@example.com is stored at 2 places: say which to sign out."), "\(ambiguous)")
        #expect((try await sandbox.run(["status", "--json"]).json?["accounts"] as? [[String: Any]])?.count == 2, "nothing was removed")
        // Each printed command removes its own account, and only it.
        let atEmulator = try #require(PrintedCommand.words(in: ambiguous.stderr, after: "\(emulator.authority): "), "\(ambiguous)")
        #expect(atEmulator.starts(with: ["signout", "--account", "alice@example.com", "--authority", emulator.authority]), "\(atEmulator)")
        let atEmbedded = try #require(PrintedCommand.words(in: ambiguous.stderr, after: "the embedded emulator: "), "\(ambiguous)")
        let removed = try await sandbox.run(Array(atEmulator))
        #expect(removed.status == 0 && removed.stdout.contains(emulator.authority), "the printed command removes that one: \(removed)")
        let left = try await sandbox.run(["status", "--json"]).json?["accounts"] as? [[String: Any]]
        #expect(left?.count == 1 && (left?.first?["location"] as? [String: Any])?["kind"] as? String == "emulator", "\(String(describing: left))")
        #expect(try await sandbox.run(Array(atEmbedded)).status == 0)
        #expect(try await sandbox.run(["status"]).status == 1, "both removed")
        _ = await emulator.stop()
    }

    /// The store flags of the command that asked are in every command it prints, "every one of them"
    /// included: without them, the printed signout would look in the default store and find nobody.
    @Test func theSignoutsListedForAUsernameAtTwoPlacesKeepTheStoreFlags() async throws {
        let sandbox = try CommandSandbox(fixedCode: "64646464")
        defer { sandbox.remove() }
        let store = ["--store-dir", sandbox.stateHome.appendingPathComponent("other store").path]
        try #require(try await sandbox.run(["signin"] + store + ["alice@example.com"], input: "64646464\n").status == 0)
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try #require(try await sandbox.run(["signin", "--authority", emulator.authority] + store + ["alice@example.com"], input: "64646464\n").status == 0)

        let ambiguous = try await sandbox.run(["signout", "--account", "alice@example.com"] + store)
        #expect(ambiguous.status == 2, "\(ambiguous)")
        for place in ["\(emulator.authority): ", "the embedded emulator: ", "or every one of them: "] {
            let printed = try #require(PrintedCommand.words(in: ambiguous.stderr, after: place), "\(place) \(ambiguous)")
            #expect(printed.contains(store[1]), "\(place) \(printed)")
        }
        let every = try #require(PrintedCommand.words(in: ambiguous.stderr, after: "or every one of them: "))
        let removed = try await sandbox.run(Array(every))
        #expect(removed.status == 0 && removed.stdout.components(separatedBy: "Signed out alice@example.com").count == 3, "\(removed)")
        #expect(try await sandbox.run(["status"] + store).status == 1, "both removed")
        _ = await emulator.stop()
    }

    @Test func twoAccountsAreListedAndPickedByUsername() async throws {
        let sandbox = try CommandSandbox(fixedCode: "64646464")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "64646464\n").status == 0)
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let bob = try await sandbox.run(["signin", "--password", "--authority", emulator.authority, "bob@example.com"], input: "Passw0rd!\n")
        try #require(bob.status == 0, "\(bob)")

        let status = try await sandbox.run(["status", "--json"])
        #expect(status.status == 0, "\(status)")
        let json = try #require(status.json, "\(status)")
        let accounts = try #require(json["accounts"] as? [[String: Any]], "\(status)")
        #expect(accounts.map { $0["username"] as? String } == ["bob@example.com", "alice@example.com"], "newest first: \(status)")
        #expect(json["active"] as? Int == 0, "bob signed in last: \(status)")
        #expect(accounts.map { $0["active"] as? Bool } == [true, false], "\(status)")
        #expect((accounts[1]["location"] as? [String: Any])?["kind"] as? String == "emulator", "\(status)")
        #expect((accounts[0]["location"] as? [String: Any])?["authority"] as? String == emulator.authority, "\(status)")
        #expect(accounts[0]["serverReachable"] as? Bool == true, "\(status)")

        let text = try await sandbox.run(["status"])
        #expect(text.stdout.contains("bob@example.com (active)"), "\(text)")
        #expect(text.stdout.contains("alice@example.com\n"), "\(text)")

        let aliceToken = try await sandbox.run(["token", "--account", "ALICE@example.com", "--json"])
        #expect(aliceToken.json?["username"] as? String == "alice@example.com", "case-insensitive: \(aliceToken)")
        let activeToken = try await sandbox.run(["token", "--json"])
        #expect(activeToken.json?["username"] as? String == "bob@example.com", "\(activeToken)")
        let onlyAlice = try await sandbox.run(["status", "--account", "alice@example.com", "--json"])
        #expect((onlyAlice.json?["accounts"] as? [[String: Any]])?.count == 1, "\(onlyAlice)")

        let nobody = try await sandbox.run(["token", "--account", "carol@example.com"])
        #expect(nobody.status == 1, "\(nobody)")
        #expect(nobody.stderr.contains("alice@example.com, bob@example.com"), "the stored usernames: \(nobody)")
        _ = await emulator.stop()
    }

    @Test func anAccountWhoseEmulatorIsGoneIsReportedWithoutHidingTheOthers() async throws {
        let sandbox = try CommandSandbox(fixedCode: "75757575")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "75757575\n").status == 0)
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try #require(try await sandbox.run(["signin", "--password", "--authority", emulator.authority, "bob@example.com"],
                                            input: "Passw0rd!\n").status == 0)
        #expect(await emulator.stop().status == 0)
        // Gone for the rest of the test: no other test's server is given its port meanwhile.
        let deadPort = try #require(StoppedEmulatorPort(emulator.baseURL.port ?? 0), "another socket took the stopped emulator's port")
        defer { withExtendedLifetime(deadPort) {} }

        let text = try await sandbox.run(["status"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("server not reachable: is `nativeauth emulator` running?"), "\(text)")
        #expect(text.stdout.contains("the embedded emulator"), "the other account is still listed: \(text)")
        let json = try await sandbox.run(["status", "--json"])
        let accounts = json.json?["accounts"] as? [[String: Any]] ?? []
        #expect(accounts.count == 2, "\(json)")
        #expect(accounts.first?["serverReachable"] as? Bool == false, "\(json)")

        // A valid cached token needs no server (as `gh auth token`); only a refresh does.
        let cached = try await sandbox.run(["token"])
        #expect(cached.status == 0, "the cached token, with the server stopped: \(cached)")
        #expect(cached.stdout.split(separator: ".").count == 3, "\(cached)")
        let token = try await sandbox.run(["token", "--force-refresh"])
        #expect(token.status == 5, "\(token)")
        #expect(token.stderr.contains("Server not reachable: is `nativeauth emulator` running?"), "\(token)")
        // Started again without its state, it would not know the account: the hint says to give it.
        #expect(token.stderr.contains("on the state it had (`nativeauth emulator --port ") && token.stderr.contains(" --state-dir DIR`, or --database)"),
                "\(token)")
        #expect(token.stdout.isEmpty)
        let alice = try await sandbox.run(["token", "--force-refresh", "--account", "alice@example.com"])
        #expect(alice.status == 0, "the other account still works: \(alice)")
        let embedded = try await sandbox.run(["status", "--authority", "nativeauth:embedded-emulator", "--json"])
        let listed = embedded.json?["accounts"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["username"] as? String } == ["alice@example.com"], "the embedded emulator by its key: \(embedded)")
    }

    @Test func signoutAllRemovesEveryAccountOrAllOfOneLocation() async throws {
        let sandbox = try CommandSandbox(fixedCode: "86868686")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "86868686\n").status == 0)
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let signin = ["signin", "--authority", emulator.authority, "alice@example.com"]
        try #require(try await sandbox.run(signin, input: "86868686\n").status == 0)

        let one = try await sandbox.run(["signout", "--all", "--authority", emulator.authority, "--json"])
        #expect(one.status == 0, "\(one)")
        #expect((one.json?["accounts"] as? [[String: Any]])?.count == 1, "\(one)")
        let left = try await sandbox.run(["status", "--json"])
        let remaining = left.json?["accounts"] as? [[String: Any]] ?? []
        #expect(remaining.count == 1 && (remaining.first?["location"] as? [String: Any])?["kind"] as? String == "emulator", "\(left)")

        try #require(try await sandbox.run(signin, input: "86868686\n").status == 0)
        _ = await emulator.stop()
        let all = try await sandbox.run(["signout", "--all", "--json"])
        #expect(all.status == 0, "\(all)")
        #expect((all.json?["accounts"] as? [[String: Any]])?.count == 2, "\(all)")
        let status = try await sandbox.run(["status", "--json"])
        #expect(status.status == 1, "\(status)")
        #expect((status.json?["accounts"] as? [Any])?.isEmpty == true, "\(status)")
        #expect(try await sandbox.run(["signout", "--all"]).status == 1)
    }
}
