import CLITestSupport
import Foundation
import Testing

/// `--api v1|v2` and `NATIVEAUTH_API` (issue 33): which native-authentication API a sign-in speaks,
/// with the same prompts and results.
@Suite
struct APIOptionTests {
    @Test func signInThroughV2AtTheEmbeddedEmulator() async throws {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "--api", "v2", "--email", "alice@example.com"], input: "13572468\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Signed in as alice@example.com (the embedded emulator).\n", "\(result)")
        #expect(result.stderr.contains("Code sent to a***e@e*****e.com (8 digits). Enter code, r to resend, or q to stop:"), "\(result)")
    }

    /// The paths a sign-in with `arguments` (at a standalone emulator, `variables` added) requested.
    private func requestedPaths(_ arguments: [String], variables: [String: String] = [:]) async throws -> (CLIResult, [String]) {
        var sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        sandbox.environment.merge(variables) { $1 }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"] + arguments, input: "13572468\n")
        let paths = try await emulator.requestedPaths()
        _ = await emulator.stop()
        return (result, paths)
    }

    @Test func v2StartsWithTheAuthorizationChallengeAndV1WithInitiate() async throws {
        let (v2, v2Paths) = try await requestedPaths(["--api", "v2"])
        #expect(v2.status == 0, "\(v2)")
        #expect(v2Paths.first?.hasSuffix("/oauth2/v2.0/authorize-challenge") == true, "\(v2Paths)")
        #expect(v2Paths.contains { $0.contains("/api/v2.0/") }, "\(v2Paths)")
        #expect(!v2Paths.contains { $0.hasSuffix("/initiate") }, "\(v2Paths)")

        let (v1, v1Paths) = try await requestedPaths(["--api", "v1"], variables: ["NATIVEAUTH_API": "v2"])
        #expect(v1.status == 0, "\(v1)")
        #expect(v1Paths.first?.hasSuffix("/oauth2/v2.0/initiate") == true, "--api beats NATIVEAUTH_API: \(v1Paths)")
        #expect(!v1Paths.contains { $0.hasSuffix("/authorize-challenge") }, "\(v1Paths)")
    }

    @Test func theVariableChoosesTheAPIWhenNoOptionDoes() async throws {
        let (result, paths) = try await requestedPaths([], variables: ["NATIVEAUTH_API": "V2"])
        #expect(result.status == 0, "\(result)")
        #expect(paths.first?.hasSuffix("/oauth2/v2.0/authorize-challenge") == true, "\(paths)")
    }

    @Test(arguments: ["signin", "signup", "reset-password", "token"])
    func anUnknownAPIIsAUsageErrorNamingTheAllowedOnes(command: String) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run([command, "--api", "v3"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--api 'v3' is not an API version: give v1 or v2."), "\(result)")
    }

    @Test func anUnknownAPIInTheVariableIsAUsageErrorAndNothingIsSent() async throws {
        var sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        sandbox.environment["NATIVEAUTH_API"] = "v3"
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("NATIVEAUTH_API 'v3' is not an API version: give v1 or v2."), "\(result)")
        #expect(try await emulator.requestedPaths().isEmpty, "nothing was sent")
        _ = await emulator.stop()
    }

    @Test(arguments: ["signin", "signup", "reset-password", "token"])
    func theHelpExplainsTheOption(command: String) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let result = try await sandbox.run([command, "--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("--api <v1|v2>"), "\(result)")
        #expect(result.stdout.contains("NATIVEAUTH_API"), "\(result)")
    }
}
