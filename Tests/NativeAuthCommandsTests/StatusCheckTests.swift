import CLITestSupport
import Foundation
import Testing

/// `status --check`: each account's token refreshed once, whether it still works reported (a refresh
/// token the server revoked is found), no token printed; plain `status` sends nothing.
@Suite
struct StatusCheckTests {
    @Test func checkFindsARevokedRefreshTokenThatPlainStatusCannotSee() async throws {
        let sandbox = try CommandSandbox(fixedCode: "81818181")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try #require(try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"], input: "81818181\n").status == 0)

        let works = try await sandbox.run(["status", "--check"])
        #expect(works.status == 0, "\(works)")
        #expect(works.stdout.contains("  check:          works (a token was refreshed)"), "\(works)")
        #expect(!works.stdout.contains("eyJ") && !works.stderr.contains("eyJ"), "no token is printed: \(works)")
        let json = try await sandbox.run(["status", "--check", "--json"])
        let account = (json.json?["accounts"] as? [[String: Any]])?.first
        #expect((account?["check"] as? [String: Any])?["works"] as? Bool == true, "\(json)")

        // The server forgets every refresh token: only --check can tell.
        try await emulator.admin("POST", "reset", json: "{}")
        try await emulator.admin("DELETE", "requests")
        let plain = try await sandbox.run(["status"])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.stdout.contains("refresh token:  stored"), "\(plain)")
        #expect(!plain.stdout.contains("check:"), "\(plain)")
        #expect(try await emulator.requestedPaths().isEmpty, "plain status sends nothing")

        let revoked = try await sandbox.run(["status", "--check"])
        #expect(revoked.status == 1, "\(revoked)")
        #expect(revoked.stdout.contains("  check:          does not work: "), "\(revoked)")
        #expect(revoked.stdout.contains("Run `nativeauth signin --authority \(emulator.authority) --client-id "), "the account's place: \(revoked)")
        #expect(revoked.stdout.contains(" alice@example.com` again."), "\(revoked)")
        #expect(revoked.stderr.contains("error: An account does not work any more"), "\(revoked)")
        let again = try #require(PrintedCommand.words(in: revoked.stderr, after: "Sign alice@example.com in again: "), "\(revoked)")
        #expect(again.starts(with: ["signin", "--authority", emulator.authority, "--client-id"]) && again.last == "alice@example.com", "\(again)")
        let remove = try #require(PrintedCommand.words(in: revoked.stderr, after: "or remove it: "), "\(revoked)")
        #expect(remove == ["signout", "--account", "alice@example.com"], "\(remove)")
        let paths = try await emulator.requestedPaths()
        #expect(paths.filter { $0.hasSuffix("/token") }.count == 1, "one refresh: \(paths)")
        // With the place's options, the address still follows --account, so the command runs as printed.
        let placed = try await sandbox.run(["status", "--check", "--storage", "file"])
        let removePlaced = try #require(PrintedCommand.words(in: placed.stderr, after: "or remove it: "), "\(placed)")
        #expect(removePlaced == ["signout", "--account", "alice@example.com", "--storage", "file"], "\(removePlaced)")
        let revokedJSON = try await sandbox.run(["status", "--check", "--json"])
        #expect(revokedJSON.status == 1, "\(revokedJSON)")
        #expect(revokedJSON.stderr.contains("error: An account does not work any more (see its \"check\" in the JSON above)."), "\(revokedJSON)")

        // status --help's JSON shape names every key status --check --json printed.
        let help = try await sandbox.run(["status", "--help"])
        let shape = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let keys = Set((revokedJSON.json ?? [:]).keys).union((revokedJSON.json?["accounts"] as? [[String: Any]])?.first?.keys ?? [:].keys)
        #expect(!keys.isEmpty, "\(revokedJSON)")
        for key in keys { #expect(shape.contains("\"\(key)\""), "status --help does not name \"\(key)\": \(help.stdout)") }

        // A server that cannot be reached says nothing of the account: not checked, exit 5, no sign-in or removal asked.
        _ = await emulator.stop()
        let unreachable = try await sandbox.run(["status", "--check"])
        #expect(unreachable.status == 5, "\(unreachable)")
        #expect(unreachable.stdout.contains("  check:          could not be checked: "), "\(unreachable)")
        #expect(unreachable.stderr.contains("error: An account could not be checked: its server could not be reached"), "\(unreachable)")
        #expect(!unreachable.stderr.contains("remove it") && !unreachable.stdout.contains("again."), "\(unreachable)")
    }
}
