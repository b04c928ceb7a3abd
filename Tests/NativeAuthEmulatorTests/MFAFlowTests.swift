import Foundation
import NativeAuthEmulator
import Synchronization
import Testing

/// The emulator's MFA (docs/PROTOCOL.md §9.1) over loopback HTTP, with the demo user
/// `mfauser@example.com` (second factors: email and SMS).
@Suite("MFA over loopback HTTP")
struct MFAFlowTests {
    @Test func passwordThenEmailSecondFactorIssuesTokens() async throws {
        try await withEmulator { client in
            let refused = ProtocolErrorTests.expectError(
                try await client.passwordGrant("mfauser@example.com", capabilities: EmulatorClient.bothCapabilities),
                "invalid_grant", 50076, suberror: "mfa_required")
            let listed = try await client.mfaIntrospect(try #require(refused.string("continuation_token")))
            #expect(listed.status == 200)
            #expect(listed.json.keys.sorted() == ["continuation_token", "methods"])
            #expect(listed.methods.map { $0["challenge_channel"] } == ["email", "sms"])
            #expect(listed.methods.map { $0["login_hint"] } == ["m*****r@e*****e.com", "+1*********0"])
            #expect(listed.methods.allSatisfy { $0["challenge_type"] == "oob" && UUID(uuidString: $0["id"] ?? "") != nil })
            let email = try #require(listed.methods.first?["id"])
            let sent = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: email)
            #expect(sent.status == 200)
            #expect(sent.string("challenge_type") == "oob")
            #expect(sent.string("challenge_channel") == "email")
            #expect(sent.string("challenge_target_label") == "m*****r@e*****e.com")
            #expect(sent.json["code_length"] as? Int == 8)
            let codeToken = try #require(sent.string("continuation_token"))
            _ = ProtocolErrorTests.expectError(try await client.mfaGrant(codeToken, code: "00000000"), "invalid_grant", 50181, suberror: "invalid_oob_value")
            let tokens = try await client.mfaGrant(codeToken)
            #expect(tokens.status == 200)
            #expect(try JWT(try #require(tokens.string("id_token"))).claims["preferred_username"] as? String == "mfauser@example.com")
            _ = ProtocolErrorTests.expectError(try await client.mfaGrant(codeToken), "invalid_request", 55200)
        }
    }

    @Test func theSMSCodeGoesToTheMaskedNumberOnTheConsole() async throws {
        let sent = Mutex<[SentCode]>([])
        try await withEmulator({ config in config.onCodeSent = { code in sent.withLock { $0.append(code) } } }) { client in
            let listed = try await client.toMFAMethods()
            let sms = try #require(listed.methods.last?["id"])
            let challenged = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: sms)
            #expect(challenged.string("challenge_channel") == "sms")
            #expect(challenged.string("challenge_target_label") == "+1*********0")
            let message = try #require(sent.withLock { $0.last })
            #expect(message.isSMS && message.channel == "sms")
            #expect(message.username == "mfauser@example.com")
            #expect(message.consoleLine.hasPrefix("SMS to +1*********0: code 12345678"))
            #expect(try await client.mfaGrant(try #require(challenged.string("continuation_token"))).status == 200)
        }
    }

    @Test func anotherChallengeResendsOrSwitchesAndOnlyTheNewestTokenWorks() async throws {
        try await withEmulator { client in
            let listed = try await client.toMFAMethods()
            let ids = listed.methods.compactMap { $0["id"] }
            let first = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: ids[0])
            let firstToken = try #require(first.string("continuation_token"))
            let switched = try await client.mfaChallenge(firstToken, id: ids[1])
            #expect(switched.string("challenge_channel") == "sms")
            _ = ProtocolErrorTests.expectError(try await client.mfaGrant(firstToken), "invalid_request", 55200)
            #expect(try await client.mfaGrant(try #require(switched.string("continuation_token"))).status == 200)
        }
    }

    @Test func theStepsAreCheckedInOrder() async throws {
        try await withEmulator { client in
            let refused = try await client.passwordGrant("mfauser@example.com", capabilities: EmulatorClient.bothCapabilities)
            let token = try #require(refused.string("continuation_token"))
            // The methods come from /introspect first: its token is the one /challenge takes.
            _ = ProtocolErrorTests.expectError(try await client.mfaChallenge(token, id: "anything"), "invalid_request", 55200)
            _ = ProtocolErrorTests.expectError(try await client.mfaGrant(token), "invalid_request", 55200)
            let listed = try await client.mfaIntrospect(token)
            let next = try #require(listed.string("continuation_token"))
            _ = ProtocolErrorTests.expectError(try await client.mfaChallenge(next, id: "not-a-method"), "invalid_request", 90100)
            _ = ProtocolErrorTests.expectError(try await client.registerIntrospect(next), "invalid_request", 55200)
            let redirected = try await client.mfaChallenge(next, id: try #require(listed.methods.first?["id"]), challengeType: "password redirect")
            #expect(redirected.status == 200 && redirected.string("challenge_type") == "redirect")
        }
    }

    @Test func theFifthWrongCodeLocksTheFlow() async throws {
        try await withEmulator { client in
            let listed = try await client.toMFAMethods()
            let sent = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: try #require(listed.methods.first?["id"]))
            let token = try #require(sent.string("continuation_token"))
            for _ in 1...4 { #expect(try await client.mfaGrant(token, code: "00000000").string("suberror") == "invalid_oob_value") }
            _ = ProtocolErrorTests.expectError(try await client.mfaGrant(token, code: "00000000"), "invalid_grant", 50053)
            _ = ProtocolErrorTests.expectError(try await client.mfaGrant(token), "invalid_request", 55200)
        }
    }

    @Test func withoutTheCapabilityTheAnswerIsTheRedirect() async throws {
        try await withEmulator { client in
            for capabilities in [nil, "registration_required"] {
                let answer = try await client.passwordGrant("mfauser@example.com", capabilities: capabilities)
                #expect(answer.status == 200)
                #expect(answer.string("challenge_type") == "redirect")
                #expect(answer.string("redirect_reason") == "Client is missing mfa_required capability")
            }
            let register = try await client.passwordGrant("registeruser@example.com", capabilities: "mfa_required")
            #expect(register.string("redirect_reason") == "Client is missing registration_required capability")
            // A user without second factors is not concerned.
            #expect(try await client.passwordGrant("bob@example.com", capabilities: nil).status == 200)
            _ = ProtocolErrorTests.expectError(try await client.initiate("bob@example.com", capabilities: "mfa_required sso"), "invalid_request", 90100)
        }
    }

    @Test func theSignInAfterAPasswordResetAsksForTheSecondFactor() async throws {
        try await withEmulator { client in
            let started = try await client.post("resetpassword/v1.0/start", [
                ("client_id", client.clientId), ("username", "mfauser@example.com"), ("challenge_type", "oob redirect"),
                ("capabilities", EmulatorClient.bothCapabilities)])
            let challenged = try await client.resetChallenge(try #require(started.string("continuation_token")))
            let verified = try await client.resetContinue(try #require(challenged.string("continuation_token")))
            let submitted = try await client.resetSubmit(try #require(verified.string("continuation_token")), "N3w-Passw0rd!")
            let pollToken = try #require(submitted.string("continuation_token"))
            _ = try await client.resetPoll(pollToken)
            let done = try await client.resetPoll(pollToken)
            let refused = ProtocolErrorTests.expectError(
                try await client.continuationGrant(try #require(done.string("continuation_token")), username: "mfauser@example.com"),
                "invalid_grant", 50076, suberror: "mfa_required")
            let listed = try await client.mfaIntrospect(try #require(refused.string("continuation_token")))
            #expect(listed.methods.count == 2)
        }
    }

    @Test func aSignUpUnderNewUserSecondFactorEndsInMFAOnTheVerifiedAddress() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "attributes": [], "newUserSecondFactor": "email"}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let started = try await client.post("signup/v1.0/start", [
                ("client_id", client.clientId), ("username", "newuser@example.com"), ("password", "S3cure-Passw0rd"),
                ("challenge_type", "oob password redirect"), ("capabilities", "mfa_required")])
            let challenged = try await client.signUpChallenge(try #require(started.string("continuation_token")))
            let created = try await client.signUpContinue(try #require(challenged.string("continuation_token")), "oob", "12345678")
            let refused = ProtocolErrorTests.expectError(
                try await client.continuationGrant(try #require(created.string("continuation_token")), username: "newuser@example.com"),
                "invalid_grant", 50076, suberror: "mfa_required")
            let listed = try await client.mfaIntrospect(try #require(refused.string("continuation_token")))
            #expect(listed.methods.map { $0["challenge_channel"] } == ["email"])
            #expect(listed.methods.map { $0["login_hint"] } == ["n*****r@e*****e.com"])
            let sent = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: try #require(listed.methods.first?["id"]))
            #expect(try await client.mfaGrant(try #require(sent.string("continuation_token"))).status == 200)
        }
    }

    @Test func anEmailCodeUserWithAnSMSSecondFactorIsAskedForItAfterTheCode() async throws {
        let seed = try seedFile(#"{"users": [{"username": "olga@example.com", "method": "otp", "mfa": {"methods": [{"channel": "sms", "target": "+14255550102"}]}}]}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let started = try await client.initiate("olga@example.com", capabilities: "mfa_required", challengeType: "oob redirect")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            #expect(challenged.string("challenge_channel") == "email")
            let refused = ProtocolErrorTests.expectError(
                try await client.submitCode(try #require(challenged.string("continuation_token")), code: "12345678"),
                "invalid_grant", 50076, suberror: "mfa_required")
            let listed = try await client.mfaIntrospect(try #require(refused.string("continuation_token")))
            #expect(listed.methods.map { $0["challenge_channel"] } == ["sms"])
            let sent = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: try #require(listed.methods.first?["id"]))
            #expect(sent.string("challenge_target_label") == "+1*********2")
            #expect(try await client.mfaGrant(try #require(sent.string("continuation_token"))).status == 200)
            // Without the capability, the code ends in the redirect.
            let plain = try await client.initiate("olga@example.com", capabilities: nil, challengeType: "oob redirect")
            let again = try await client.challenge(try #require(plain.string("continuation_token")))
            let redirected = try await client.submitCode(try #require(again.string("continuation_token")), code: "12345678")
            #expect(redirected.string("redirect_reason") == "Client is missing mfa_required capability")
        }
    }
}
