import Foundation
import NativeAuthShared
import Testing

/// `token`, `status` and `signout` after a sign-in, with no flags: the store remembers where.
@Suite
struct AccountCommandTests {
    private func signedIn() async throws -> CommandSandbox {
        let sandbox = try CommandSandbox(fixedCode: "86420864")
        let result = try await sandbox.run(["signin", "alice@example.com"], input: "86420864\n")
        try #require(result.status == 0, "\(result)")
        return sandbox
    }

    @Test func tokenIsCachedThenForceRefreshRotatesIt() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        let first = try await sandbox.run(["token"])
        #expect(first.status == 0, "\(first)")
        let token = first.stdout.trimmingCharacters(in: .newlines)
        #expect(token.split(separator: ".").count == 3, "a JWT: \(first)")
        #expect(!first.stderr.contains("Using the embedded emulator"), "a cached token needs no emulator: \(first)")

        let cached = try await sandbox.run(["token"])
        #expect(cached.stdout == first.stdout, "\(cached)")

        let refreshed = try await sandbox.run(["token", "--force-refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(!refreshed.stderr.contains("Using the embedded emulator"), "a refresh shows no code: \(refreshed)")
        let rotated = refreshed.stdout.trimmingCharacters(in: .newlines)
        #expect(!rotated.isEmpty && rotated != token, "\(refreshed)")

        let afterwards = try await sandbox.run(["token", "--json"])
        #expect(afterwards.status == 0, "\(afterwards)")
        #expect(afterwards.json?["accessToken"] as? String == rotated, "\(afterwards)")
        #expect(afterwards.json?["expiresOn"] is String, "\(afterwards)")
    }

    /// Issue 35, item 16: `token --json` reads as `az account get-access-token`'s, every earlier key
    /// kept: `tokenType` and `tenant` (the tenant's ID), from the cache and after a refresh.
    @Test func tokenJSONHasTheKeysOfAzAccountGetAccessToken() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        let status = try await sandbox.run(["status", "--json"])
        let claims = (status.json?["accounts"] as? [[String: Any]])?.first?["claims"] as? [String: Any]
        let tenant = try #require(claims?["tid"] as? String, "\(status)")
        for arguments in [["token", "--json"], ["token", "--json", "--force-refresh"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 0, "\(result)")
            let json = try #require(result.json, "\(result)")
            #expect(json["tokenType"] as? String == "Bearer", "\(arguments): \(result)")
            #expect(json["tenant"] as? String == tenant, "\(arguments): \(result)")
            #expect(Set(json.keys) == ["accessToken", "expiresOn", "scopes", "username", "tokenType", "tenant"], "\(arguments): \(result)")
        }
    }

    @Test func tokenWithoutScopesIsTheSignInsTokenEvenAfterAnotherAPIsToken() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        let plain = try await sandbox.run(["token", "--json"])
        #expect(plain.status == 0, "\(plain)")
        let signInToken = try #require(plain.json?["accessToken"] as? String, "\(plain)")
        #expect(JWTClaims.claims(of: signInToken)["aud"] as? String == "e1a70000-0000-4000-8000-000000000001", "\(plain)")

        let api = try await sandbox.run(["token", "--scope", "api://app/Data.Read", "--json"])
        #expect(api.status == 0, "\(api)")
        let apiToken = try #require(api.json?["accessToken"] as? String, "\(api)")
        #expect(JWTClaims.claims(of: apiToken)["aud"] as? String == "api://app", "\(api)")
        #expect((api.json?["scopes"] as? [String])?.contains("api://app/Data.Read") == true, "\(api)")

        let again = try await sandbox.run(["token", "--json"])
        #expect(again.status == 0, "\(again)")
        #expect(again.json?["accessToken"] as? String == signInToken, "the sign-in's token, not api://app's: \(again)")
        #expect((again.json?["scopes"] as? [String])?.contains("api://app/Data.Read") == false, "\(again)")
    }

    @Test func theEmbeddedEmulatorIsStoredUnderAStableKeyAndTheLegacyKeyStillWorks() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        let stored = try String(contentsOf: sandbox.storeFile, encoding: .utf8)
        #expect(stored.contains(#""authority" : "nativeauth:embedded-emulator""#), "\(stored)")

        // A store written before: the same account under http://127.0.0.1:0/….
        let legacy = stored.replacingOccurrences(of: "nativeauth:embedded-emulator", with: "http://127.0.0.1:0/emulator.onmicrosoft.com")
        try Data(legacy.utf8).write(to: sandbox.storeFile)
        let status = try await sandbox.run(["status", "--json"])
        let location = (status.json?["accounts"] as? [[String: Any]])?.first?["location"] as? [String: Any]
        #expect(location?["kind"] as? String == "emulator", "\(status)")
        let refreshed = try await sandbox.run(["token", "--force-refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        let after = try String(contentsOf: sandbox.storeFile, encoding: .utf8)
        #expect(after.contains("http://127.0.0.1:0/emulator.onmicrosoft.com"), "acted on under its legacy key: \(after)")

        // Signing in again replaces the legacy account.
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "86420864\n").status == 0)
        let replaced = try String(contentsOf: sandbox.storeFile, encoding: .utf8)
        #expect(!replaced.contains("127.0.0.1:0"), "\(replaced)")
        #expect(try await sandbox.run(["signout"]).status == 0)
        #expect(try await sandbox.run(["status"]).status == 1)
    }

    @Test func statusJSONShowsTheAccountWithoutTokens() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        let token = try await sandbox.run(["token"]).stdout.trimmingCharacters(in: .newlines)
        let status = try await sandbox.run(["status", "--json"])
        #expect(status.status == 0, "\(status)")
        let json = try #require(status.json, "\(status)")
        #expect(json["active"] as? Int == 0, "\(status)")
        let accounts = try #require(json["accounts"] as? [[String: Any]], "\(status)")
        #expect(accounts.count == 1)
        let account = try #require(accounts.first)
        #expect(account["active"] as? Bool == true)
        #expect(account["username"] as? String == "alice@example.com")
        #expect((account["location"] as? [String: Any])?["kind"] as? String == "emulator")
        #expect(account["clientId"] as? String == "e1a70000-0000-4000-8000-000000000001")
        #expect((account["claims"] as? [String: Any])?.isEmpty == false, "ID-token claims: \(status)")
        #expect((account["accessTokens"] as? [[String: Any]])?.first?["expiresOn"] is String, "\(status)")
        #expect(account["serverReachable"] == nil, "the embedded emulator is not probed: \(status)")
        #expect(!status.stdout.contains(token), "status never prints tokens")

        let text = try await sandbox.run(["status"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("alice@example.com (active)"), "\(text)")
        #expect(text.stdout.contains("the embedded emulator"), "\(text)")
        #expect(text.stdout.contains("access token:"), "\(text)")
        #expect(!text.stdout.contains(token))
        #expect(!text.stderr.contains("Using the embedded emulator"), "status starts no emulator: \(text)")
    }

    @Test func statusWithNobodySignedInIsExit1() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let text = try await sandbox.run(["status"])
        #expect(text.status == 1, "\(text)")
        #expect(text.stderr.contains("Nobody is signed in"), "\(text)")
        let json = try await sandbox.run(["status", "--json"])
        #expect(json.status == 1, "\(json)")
        #expect((json.json?["accounts"] as? [Any])?.isEmpty == true, "\(json)")
        #expect(json.json?["active"] is NSNull, "\(json)")
    }

    @Test func signoutThenTokenFails() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        let signout = try await sandbox.run(["signout"])
        #expect(signout.status == 0, "\(signout)")
        #expect(signout.stdout.hasPrefix("Signed out alice@example.com"), "\(signout)")
        let token = try await sandbox.run(["token"])
        #expect(token.status == 1, "\(token)")
        #expect(token.stdout.isEmpty)
        #expect(token.stderr.contains("Nobody is signed in"), "\(token)")
        #expect(try await sandbox.run(["signout"]).status == 1)
    }

    @Test func twoConcurrentForceRefreshesBothSucceedAndLeaveAValidStore() async throws {
        let sandbox = try await signedIn()
        defer { sandbox.remove() }
        async let first = sandbox.run(["token", "--force-refresh"])
        async let second = sandbox.run(["token", "--force-refresh"])
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.trimmingCharacters(in: .newlines).split(separator: ".").count == 3, "\(result)")
        }
        let data = try Data(contentsOf: sandbox.storeFile)
        #expect((try? JSONSerialization.jsonObject(with: data)) is [String: Any], "the store is valid JSON")
        let after = try await sandbox.run(["token", "--force-refresh"])
        #expect(after.status == 0, "the stored refresh token still works: \(after)")
        let status = try await sandbox.run(["status", "--json"])
        #expect((status.json?["accounts"] as? [[String: Any]])?.first?["username"] as? String == "alice@example.com", "\(status)")
    }
}
