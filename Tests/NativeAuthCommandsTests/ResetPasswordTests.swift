import Foundation
import Testing

/// `nativeauth reset-password` against the embedded emulator, with answers piped on standard input.
@Suite
struct ResetPasswordTests {
    @Test func codeThenNewPasswordResetsSignsInAndOnlyTheNewPasswordWorks() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["reset-password", "bob@example.com"], input: "13572468\nN3w-Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Password reset; signed in as bob@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("Code sent to b*b@e*****e.com (8 digits). Enter code, r to resend, or q to stop:"), "\(result)")
        #expect(result.stderr.contains("New password for bob@example.com: "), "\(result)")
        let rule = try #require(result.stderr.range(of: "The new password needs 8 to 256 characters"), "\(result)")
        let prompt = try #require(result.stderr.range(of: "New password for bob@example.com:"), "\(result)")
        #expect(rule.lowerBound < prompt.lowerBound, "the rule comes with the first prompt: \(result)")
        #expect(!result.stderr.contains("Setting the new password"), "no progress line before the server accepted it: \(result)")
        #expect(result.stderr.contains("The password was reset."), "\(result)")
        #expect(!result.stderr.contains("Repeat the password"), "asked once when piped: \(result)")
        #expect(!result.stderr.contains("N3w-Passw0rd") && !result.stdout.contains("N3w-Passw0rd"), "\(result)")
        let status = try await sandbox.run(["status", "--json"])
        #expect((status.json?["accounts"] as? [[String: Any]])?.first?["username"] as? String == "bob@example.com", "\(status)")

        let old = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(old.status == 3, "the last answer was a wrong password: \(old)")
        #expect(old.stderr.contains("The password is wrong. Try again."), "\(old)")
        #expect(!old.stderr.contains("reset-password"), "the hint is for people at a terminal: \(old)")
        let new = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "N3w-Passw0rd!\n")
        #expect(new.status == 0, "\(new)")
    }

    @Test func policyRefusalsAreExplainedAndAskedAgainAndJSONIsStable() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["reset-password", "bob@example.com", "--json"],
                                           input: "13572468\nshort\nPassw0rd!\nalllowercase\nN3w-Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("The password is too short: use at least 8 characters."), "\(result)")
        #expect(result.stderr.contains("That password was used recently: choose another."), "\(result)")
        #expect(result.stderr.contains("The password is too weak: mix at least 3 of lowercase letters, uppercase letters, digits and symbols."), "\(result)")
        let json = try #require(result.json, "\(result)")
        #expect(Set(json.keys) == ["clientId", "identifier", "location", "passwordReset", "signedIn", "username"])
        #expect(json["passwordReset"] as? Bool == true)
        #expect(json["username"] as? String == "bob@example.com")
    }

    @Test func noAccountIsExit3AndAnAccountWithoutAPasswordIsExit1() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let nobody = try await sandbox.run(["reset-password", "nobody@example.com"])
        #expect(nobody.status == 3, "\(nobody)")
        #expect(nobody.stderr.contains("error: No account has the address nobody@example.com."), "\(nobody)")
        #expect(nobody.stderr.contains("nativeauth signup nobody@example.com"), "\(nobody)")
        let alice = try await sandbox.run(["reset-password", "alice@example.com", "--verbose"])
        #expect(alice.status == 1, "\(alice)")
        #expect(alice.stderr.contains("error: alice@example.com has no password to reset: it signs in with an email code"), "\(alice)")
        #expect(alice.stderr.contains("nativeauth signin --email alice@example.com"), "\(alice)")
        #expect(alice.stderr.contains("AADSTS500222"), "--verbose shows the server's code: \(alice)")
    }

    @Test func wrongCodesTheLimitAndInputEnding() async throws {
        let sandbox = try CommandSandbox(fixedCode: "12121212")
        defer { sandbox.remove() }
        let limited = try await sandbox.run(["reset-password", "bob@example.com"], input: String(repeating: "99999999\n", count: 5) + "12121212\n")
        #expect(limited.status == 3, "\(limited)")
        #expect(limited.stderr.contains("That code is wrong or has expired: enter it again, or r for a new code."), "\(limited)")
        #expect(limited.stderr.contains("error: The password reset stopped after too many wrong codes.\nRun `nativeauth reset-password bob@example.com` to start a new password reset."), "\(limited)")
        let ended = try await sandbox.run(["reset-password", "bob@example.com", "--code", "12121212"], input: "short\n")
        #expect(ended.status == 1, "\(ended)")
        #expect(ended.stderr.contains("No new password was entered after the refused one: standard input ended."), "\(ended)")
        #expect(ended.stderr.contains("| nativeauth reset-password bob@example.com"), "\(ended)")
        let usage = try await sandbox.run(["reset-password", "bob@example.com", "--code", "abc"])
        #expect(usage.status == 2, "\(usage)")
    }
}
