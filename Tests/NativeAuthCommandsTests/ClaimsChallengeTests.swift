import CLITestSupport
import Foundation
import NativeAuthShared
import Testing

/// `--claims-challenge` on `signin` and `token`, and `call` answering an API's claims challenge.
@Suite
struct ClaimsChallengeTests {
    static let c1 = #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#

    /// The `acrs` claim of an access token printed by `token`.
    static func acrs(_ token: String) throws -> [String]? {
        let parts = token.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
        try #require(parts.count == 3, "not a JWT: \(token)")
        let payload = try #require(Base64URL.decode(String(parts[1])))
        return (try JSONSerialization.jsonObject(with: payload) as? [String: Any])?["acrs"] as? [String]
    }

    @Test func tokenWithAClaimsChallengePrintsATokenWithTheAskedContexts() async throws {
        let sandbox = try await CallTests.signedIn()
        defer { sandbox.remove() }
        let plain = try await sandbox.run(["token"])
        #expect(plain.status == 0, "\(plain)")
        #expect(try Self.acrs(plain.stdout) == nil)
        // The base64 of a WWW-Authenticate claims value, as az login takes it; the cache is skipped.
        let challenge = Data(#"{"access_token":{"acrs":{"essential":true,"value":"c3"}}}"#.utf8).base64EncodedString()
        let asked = try await sandbox.run(["token", "--claims-challenge", challenge])
        #expect(asked.status == 0, "\(asked)")
        #expect(try Self.acrs(asked.stdout) == ["c3"])
        let json = try await sandbox.run(["token", "--claims-challenge", Self.c1])
        #expect(try Self.acrs(json.stdout) == ["c1"], "\(json)")
    }

    @Test func aClaimsChallengeThatIsNeitherBase64NorJSONIsAUsageError() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["token", "--claims-challenge", "not a claims value"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--claims-challenge"), "\(result)")
    }

    /// An emulator whose Graph requires c1, tied to the second factor, and a user whose second factor
    /// only that context asks for.
    static func seededEmulator(_ sandbox: CommandSandbox) async throws -> StandaloneEmulator {
        let seed = sandbox.stateHome.appendingPathComponent("seed.json")
        try Data(#"""
            {"users": [{"username": "ctx@example.com", "method": "password", "password": "Passw0rd!",
                        "mfa": {"methods": [{"channel": "email", "target": "ctx@example.com"}], "onlyForContexts": true}}],
             "authenticationContexts": [{"id": "c1", "secondFactor": true, "requiredByGraph": true}]}
            """#.utf8).write(to: seed)
        return try await StandaloneEmulator.start(in: sandbox, stateFolder: "contexts", seed: seed)
    }

    @Test func callPrintsTheSignInThatSatisfiesAClaimsChallengeAndWorksAfterIt() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let emulator = try await Self.seededEmulator(sandbox)
        let me = emulator.baseURL.absoluteString + "/v1.0/me"
        let signIn = try await sandbox.run(["signin", "--authority", emulator.authority, "--password", "--scope", "User.Read", "ctx@example.com"],
                                           input: "Passw0rd!\n")
        #expect(signIn.status == 0, "no second factor without the context: \(signIn)")

        let challenged = try await sandbox.run(["call", me])
        #expect(challenged.status == 1, "\(challenged)")
        #expect(challenged.stderr.contains("asks for claims this session cannot give without you"), "\(challenged)")
        let value = Data(Self.c1.utf8).base64EncodedString()
        // The sign-in printed carries the account's place: run as printed, it goes to this emulator, not the embedded one.
        let printed = try #require(PrintedCommand.words(in: challenged.stderr, after: "Run: "), "\(challenged)")
        #expect(printed.starts(with: ["signin", "--claims-challenge", value, "--authority", emulator.authority, "--client-id"]), "\(printed)")
        #expect(printed.last == "ctx@example.com", "\(printed)")
        #expect(challenged.stderr.contains("(add --password for a password account), then call again."), "\(challenged)")

        let again = try await sandbox.run(printed + ["--password", "--scope", "User.Read", "--mfa-method", "email"],
                                          input: "Passw0rd!\n13572468\n")
        #expect(again.status == 0, "the context asks for the second factor: \(again)")
        #expect(again.stdout.contains("(\(emulator.authority))"), "signed in at the account's place: \(again)")
        #expect(again.stderr.contains("Code sent to"), "\(again)")
        let answered = try await sandbox.run(["call", me])
        #expect(answered.status == 0, "\(answered)")
        #expect(answered.json?["mail"] as? String == "ctx@example.com", "\(answered)")
        _ = await emulator.stop()
    }

    @Test func tokenForClaimsThatNeedASecondFactorPrintsTheSignInThatAsksForThem() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let emulator = try await Self.seededEmulator(sandbox)
        let signIn = try await sandbox.run(["signin", "--authority", emulator.authority, "--password", "ctx@example.com"], input: "Passw0rd!\n")
        #expect(signIn.status == 0, "\(signIn)")
        let result = try await sandbox.run(["token", "--claims-challenge", Self.c1])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "no token: \(result)")
        #expect(result.stderr.contains("These claims need you to sign in again"), "\(result)")
        #expect(result.stderr.contains("which a refresh cannot do: sign in again, which asks for the second factor"), "\(result)")
        let printed = try #require(PrintedCommand.words(in: result.stderr, after: "Run: "), "\(result)")
        #expect(printed.starts(with: ["signin", "--claims-challenge", Self.c1, "--authority", emulator.authority, "--client-id"]), "\(printed)")
        #expect(printed.last == "ctx@example.com", "\(printed)")
        let again = try await sandbox.run(printed + ["--password", "--mfa-method", "email"], input: "Passw0rd!\n13572468\n")
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("(\(emulator.authority))"), "signed in at the account's place: \(again)")
        _ = await emulator.stop()
    }
}
