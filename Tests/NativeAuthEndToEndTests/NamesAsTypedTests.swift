import Foundation
import NativeAuth
import NativeAuthEmulator
import Testing

/// A person is never refused for the characters of their name (issue 35, item 1): display names as
/// Entra stores them (typed on a phone, with right-to-left marks, or set by someone hostile with
/// terminal controls) sign in, and the account keeps the name exactly as the server sent it.
@Suite struct NamesAsTypedTests {
    static let hebrew = "\u{200F}שרה כהן\u{200F}"
    static let arabic = "\u{061C}ليلى\u{061C} \u{200E}(Layla)"
    static let hostile = "Mallory\u{1B}]0;owned\u{07}\u{202E}evil\u{1B}[2J"

    /// An emulator whose users have these display names, signing in by email code.
    private static func run(_ body: (EmulatorHarness) async throws -> Void) async throws {
        let seed = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString).json")
        let users = [("sarah@example.com", hebrew), ("layla@example.com", arabic), ("mallory@example.com", hostile)]
        let json: [String: Any] = ["users": users.map { ["username": $0.0, "method": "otp", "displayName": $0.1] }]
        try JSONSerialization.data(withJSONObject: json).write(to: seed)
        defer { try? FileManager.default.removeItem(at: seed) }
        try await EmulatorHarness.run(configure: { $0.seedFile = seed }, body)
    }

    @Test(arguments: [("sarah@example.com", hebrew), ("layla@example.com", arabic), ("mallory@example.com", hostile)])
    func aNameWithMarksOrControlsSignsInAndIsKeptAsSent(username: String, name: String) async throws {
        try await Self.run { harness in
            let app = try harness.app([.OOB])
            guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: username)) else {
                Issue.record("expected a code"); return
            }
            guard case .completed(let result) = await state.submitCode(code: "12345678") else {
                Issue.record("a name must never stop a sign-in"); return
            }
            #expect(result.account.username == username)
            #expect(result.account.accountClaims?["name"] as? String == name, "kept as the server sent it")
            let stored = try #require(try app.currentAccount())
            #expect(stored.account.accountClaims?["name"] as? String == name)
            #expect(try await stored.getAccessToken().accessToken.isEmpty == false)
        }
    }
}
