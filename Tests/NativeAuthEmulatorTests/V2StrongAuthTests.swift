import Foundation
@testable import NativeAuthEmulator
import NativeAuthShared
import Testing

@Suite("API V2: MFA and registration")
struct V2StrongAuthTests {
    /// A V2 password sign-in of `username` up to the answer to the password.
    private func afterPassword(_ client: EmulatorClient, _ username: String) async throws -> HTTPResult {
        let challenged = try await client.challengeMethod(try await client.v2Start("sign_in", ["username": username]), type: "password")
        return try await client.follow(challenged, "verify", ["password": "Passw0rd!"])
    }

    @Test("MFA by email and by SMS: the second factors listed (multiFactor), one challenged and verified", arguments: ["email", "sms"])
    func mfa(channel: String) async throws {
        try await withEmulator { client in
            let methods = try await afterPassword(client, "mfauser@example.com")
            #expect(methods.string("state") == "interactionRequired")
            #expect(methods.string("action") == "challenge")
            #expect((methods.json["challengeContext"] as? [String: Any])?["authenticationFactor"] as? String == "multiFactor")
            #expect(methods.embeddedMethods.map { $0["type"] as? String } == ["email", "sms"])
            #expect(methods.embeddedMethods.map { $0["hint"] as? String } == [EmailMasking.mask("mfauser@example.com"), ContactRules.mask("+14255550100", channel: .sms)])

            let coded = try await client.challengeMethod(methods, type: channel)
            #expect(coded.string("action") == "verify")
            #expect(coded.string("type") == channel)
            let wrong = try await client.follow(coded, "verify", ["otp": "00000000"])
            #expect(wrong.halError.inner == "invalid_oob_value")
            let done = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect(done.string("state") == "continue")
            let tokens = try await client.v2Complete(done)
            #expect(tokens.status == 200)
        }
    }

    @Test("Registration: the methods to register, a contact enrolled, the code activated, then continue")
    func registration() async throws {
        try await withEmulator { client in
            let enroll = try await afterPassword(client, "registeruser@example.com")
            #expect(enroll.string("action") == "enroll")
            #expect(enroll.embeddedMethods.map { $0["type"] as? String } == ["email", "sms"])
            #expect(enroll.link("enroll") == "/\(client.emulator.core.tenantDomain)/api/v2.0/register/enroll")
            let smsLink = try #require(((enroll.embeddedMethods.last?["_links"] as? [String: Any])?["enroll"] as? [String: Any])?["href"] as? String)
            #expect(smsLink.hasSuffix("/api/v2.0/register/methods/sms/enroll"))

            let bad = try await client.follow(enroll, "enroll", ["target": "not a contact"])
            #expect(bad.halError.code == "invalidRequest")
            let activation = try await client.step(smsLink, ["continuationToken": try #require(enroll.string("continuationToken")),
                                                             "target": "+1 425 555 0199"])
            #expect(activation.string("action") == "activate")
            #expect(activation.string("type") == "sms")
            #expect(activation.json["codeLength"] as? Int == 8)
            #expect(activation.link("activate")?.hasSuffix("/api/v2.0/register/methods/sms/activate") == true)
            let wrong = try await client.follow(activation, "activate", ["code": "00000000"])
            #expect(wrong.halError.inner == "invalid_oob_value")
            let done = try await client.follow(activation, "activate", ["code": "12345678"])
            #expect(done.string("state") == "continue")
            #expect(try await client.v2Complete(done).status == 200)
            // The registered number is the user's second factor from now on (in V1 too).
            let mfa = try await client.toMFAMethods("registeruser@example.com")
            #expect((mfa.json["methods"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test("A sign-up whose tenant requires MFA registers the address it verified at once")
    func preverifiedRegistration() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "attributes": [], "requireMFA": true}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let started = try await client.v2Start("sign_up", ["username": "strong@example.com"])
            let coded = try await client.follow(started, "submitAttributes", ["attributes": ["password": "Str0ng-Passw0rd"]])
            let enroll = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect(enroll.string("action") == "enroll")
            let done = try await client.follow(enroll, "enroll", ["target": "strong@example.com"])
            #expect(done.string("state") == "continue")
            #expect(try await client.v2Complete(done).status == 200)
        }
    }
}
