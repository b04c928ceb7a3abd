import Foundation
import Testing

/// `status` reads the time from the command's environment: with a clock two hours ahead, the access
/// token it just showed as valid is shown as expired.
struct StatusClockTests {
    @Test func statusComparesTheTokensExpiryWithTheCommandsClock() async throws {
        var sandbox = try CommandSandbox(fixedCode: "27182818")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "27182818\n").status == 0)
        let now = try await sandbox.run(["status"])
        #expect(now.status == 0, "\(now)")
        #expect(now.stdout.contains("access token:   expires "), "\(now)")
        #expect(!now.stdout.contains("expired at"), "\(now)")

        sandbox.now = { Date().addingTimeInterval(2 * 3600) }
        let later = try await sandbox.run(["status"])
        #expect(later.stdout.contains("access token:   expired at "), "\(later)")
        let json = try await sandbox.run(["status", "--json"])
        let tokens = (json.json?["accounts"] as? [[String: Any]])?.first?["accessTokens"] as? [[String: Any]]
        #expect(tokens?.first?["expired"] as? Bool == true, "\(json)")
    }
}
