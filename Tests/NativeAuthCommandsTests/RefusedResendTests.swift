import CLITestSupport
import Foundation
import Testing

/// `r` at a code prompt when the server refuses to send another code: the command says why and
/// goes on with the code already sent, which completes the flow (every flow with a resend; the
/// refusal is the emulator's fault injection, queued once the code prompt is up).
@Suite
struct RefusedResendTests {
    /// The refusal the emulator answers the resend with.
    private static let refusal = """
        {"endpoint":"ENDPOINT","status":400,"body":"{\\"error\\":\\"invalid_request\\",\\"error_description\\":\\"AADSTS50196: Too many requests: try again later.\\",\\"error_codes\\":[50196]}"}
        """

    /// The fault name of the endpoint a resend reaches: V1's `v1`, or V2's method `challenge` link
    /// (every V2 resend, docs/EMULATOR.md).
    private func resend(_ v1: String) -> String {
        TestAPI.isV2 ? "v2/challenge" : v1
    }

    /// Runs `arguments` against a standalone emulator: `before` is typed first; at the code prompt a
    /// refusal of the next request to `endpoint` is queued, `r` typed, and, once the refusal is
    /// read, the code already sent, then `after`.
    private func run(_ arguments: [String], before: String = "", endpoint: String, after: String = "") async throws -> CLIResult {
        let sandbox = try CommandSandbox(fixedCode: "13572468")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let live = try sandbox.start(arguments + ["--authority", emulator.authority])
        live.send(before)
        try await live.waitForStderr("Enter code, r to resend, or q to stop: ")
        try await emulator.admin("POST", "faults", json: Self.refusal.replacingOccurrences(of: "ENDPOINT", with: endpoint))
        live.send("r\n")
        try await live.waitForStderr("No new code could be sent: ")
        live.send("13572468\n" + after)
        let result = await live.finish()
        _ = await emulator.stop()
        #expect(result.stderr.contains("No new code could be sent: "), "\(result)")
        #expect(result.stderr.contains("Too many requests: try again later."), "the server's reason: \(result)")
        #expect(!result.stderr.contains("A new code was sent"), "\(result)")
        return result
    }

    @Test func signIn() async throws {
        let result = try await run(["signin", "alice@example.com"], endpoint: resend("challenge"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as alice@example.com"), "\(result)")
    }

    @Test func signUp() async throws {
        let result = try await run(["signup", "hal@example.com", "--attribute", "displayName=Hal"], endpoint: resend("signup/challenge"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("hal@example.com"), "\(result)")
    }

    @Test func resetPassword() async throws {
        let result = try await run(["reset-password", "bob@example.com"], endpoint: resend("resetpassword/challenge"), after: "N3w-Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Password reset; signed in as bob@example.com"), "\(result)")
    }

    @Test func secondFactor() async throws {
        let result = try await run(["signin", "--password", "mfauser@example.com", "--mfa-method", "email"], before: "Passw0rd!\n", endpoint: resend("challenge"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as mfauser@example.com"), "\(result)")
    }

    @Test func registration() async throws {
        // The emulator has no fault of its own for `/register/v1.0/challenge`: `*` refuses the next request, the resend.
        let result = try await run(["signin", "--password", "registeruser@example.com", "--mfa-method", "email",
                                    "--register-contact", "registeruser@example.com"], before: "Passw0rd!\n", endpoint: "*")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Signed in as registeruser@example.com"), "\(result)")
    }
}
