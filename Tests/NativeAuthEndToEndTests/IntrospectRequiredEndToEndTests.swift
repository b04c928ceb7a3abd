import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// `introspect_required` end to end (issue 35, item 14): a user whose second factors have no default
/// method (`"noDefaultMethod": true` in the seed) is answered it at the sign-in's first challenge; an
/// application that advertised `mfa_required` lists the methods and finishes with a second factor, one
/// that did not gets the browser fallback.
@Suite struct IntrospectRequiredEndToEndTests {
    static let seed = #"""
        {"users": [{"username": "nodefault@example.com", "method": "password", "password": "Passw0rd!",
                    "mfa": {"methods": [{"channel": "email", "target": "nodefault@example.com"},
                                        {"channel": "sms", "target": "+1 425 555 0103"}],
                            "noDefaultMethod": true}}]}
        """#

    @Test("The challenge answers introspect_required; the methods are listed, a code on one signs in")
    func theMethodChoiceThenASecondFactor() async throws {
        try await EmulatorHarness.run(seed: Self.seed) { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            guard case .awaitingMFA(let methods, let state) = await EmulatorHarness.passwordSignIn(app, "nodefault@example.com") else {
                Issue.record("expected the method choice"); return
            }
            #expect(methods.map(\.channelTargetType.value) == ["email", "sms"])
            guard case .verificationRequired(let sent, _, _, _) = await state.requestChallenge(authMethod: methods[1]),
                  case .completed(let result) = await sent.submitChallenge(challenge: "12345678")
            else { Issue.record("expected the SMS code to sign in"); return }
            #expect(result.account.username == "nodefault@example.com")

            let log = try await harness.requestLog()
            let challenge = try #require(log.first { ($0["path"] as? String)?.hasSuffix("/oauth2/v2.0/challenge") == true })
            #expect(challenge["status"] as? Int == 400, "the first challenge is the introspect_required error: \(challenge)")
            let paths = log.compactMap { $0["path"] as? String }
            #expect(paths.contains { $0.hasSuffix("/oauth2/v2.0/introspect") })
        }
    }

    @Test("Without mfa_required the same user is sent to the browser, and nothing is stored")
    func withoutTheCapabilityTheBrowser() async throws {
        try await EmulatorHarness.run(seed: Self.seed) { harness in
            let app = try harness.app(capabilities: [])
            guard case .error(let error) = await EmulatorHarness.passwordSignIn(app, "nodefault@example.com") else {
                Issue.record("expected an error"); return
            }
            let log = try await harness.requestLog()
            #expect(error.isBrowserRequired, "\(error): \(log)")
            let paths = log.compactMap { $0["path"] as? String }
            #expect(!paths.contains { $0.hasSuffix("/oauth2/v2.0/token") }, "the challenge itself redirects, before any password: \(paths)")
            #expect(try harness.store.read().accounts.isEmpty)
        }
    }
}
