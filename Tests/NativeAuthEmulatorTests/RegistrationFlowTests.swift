import Foundation
import NativeAuthEmulator
import Testing

/// The emulator's strong-auth method registration (docs/PROTOCOL.md §9.2) over loopback HTTP, with
/// the demo user `registeruser@example.com` (must register a second factor) and sign-ups under a
/// tenant with `"requireMFA": true`.
@Suite("Strong-auth method registration over loopback HTTP")
struct RegistrationFlowTests {
    @Test func theRefusalHasNoNumberAndATokenForTheRegistration() async throws {
        try await withEmulator { client in
            let refused = try await client.passwordGrant("registeruser@example.com", capabilities: EmulatorClient.bothCapabilities)
            #expect(refused.status == 400)
            #expect(refused.string("error") == "invalid_grant")
            #expect(refused.string("suberror") == "registration_required")
            #expect((refused.json["error_codes"] as? [Any])?.isEmpty == true, "no public number (docs/PROTOCOL.md §14 item 13)")
            #expect(refused.string("error_description")?.hasPrefix("The user must register a strong authentication method") == true)
            #expect(refused.string("continuation_token") != nil)
        }
    }

    @Test func aNumberIsRegisteredWithItsCodeThenAskedForAsTheSecondFactor() async throws {
        try await withEmulator { client in
            let listed = try await client.toRegistrationMethods()
            #expect(listed.status == 200)
            #expect(listed.methods == [
                ["id": "email", "challenge_type": "oob", "challenge_channel": "email", "login_hint": "registeruser@example.com"],
                ["id": "sms", "challenge_type": "oob", "challenge_channel": "sms"],
            ])
            let sent = try await client.registerChallenge(try #require(listed.string("continuation_token")), target: "+1 425 555 0199", channel: "sms")
            #expect(sent.status == 200)
            #expect(sent.string("challenge_type") == "oob")
            #expect(sent.string("challenge_target") == "+14255550199")
            #expect(sent.string("challenge_channel") == "sms")
            #expect(sent.json["challenge_target_label"] == nil)
            let codeToken = try #require(sent.string("continuation_token"))
            _ = ProtocolErrorTests.expectError(try await client.registerContinue(codeToken, code: "00000000"), "invalid_grant", 50181,
                                               suberror: "invalid_oob_value")
            let registered = try await client.registerContinue(codeToken, code: "12345678")
            #expect(registered.json.keys.sorted() == ["continuation_token"])
            let tokens = try await client.continuationGrant(try #require(registered.string("continuation_token")), username: nil)
            #expect(tokens.status == 200, "the registration satisfies MFA for this sign-in: \(tokens.json)")

            // The next sign-in asks for the registered number as the second factor.
            let next = try await client.toMFAMethods("registeruser@example.com")
            #expect(next.methods.map { $0["challenge_channel"] } == ["sms"])
            #expect(next.methods.first?["login_hint"] == "+1*********9")
            let exported = try await client.users()["registeruser@example.com"]
            let mfa = try #require(exported?["mfa"] as? [String: Any])
            #expect((mfa["methods"] as? [[String: String]])?.first?["target"] == "+14255550199")
            #expect(mfa["register"] == nil)
        }
    }

    @Test func aBlockedOrInvalidContactLeavesTheTokenGoodForAnother() async throws {
        try await withEmulator { client in
            let listed = try await client.toRegistrationMethods()
            let token = try #require(listed.string("continuation_token"))
            let blocked = try await client.registerChallenge(token, target: "+999 555 0123", channel: "sms")
            #expect(blocked.status == 400)
            #expect(blocked.string("error") == "access_denied")
            #expect(blocked.string("suberror") == "provider_blocked_by_rep")
            _ = ProtocolErrorTests.expectError(try await client.registerChallenge(token, target: "0123", channel: "sms"), "invalid_request", 901001)
            _ = ProtocolErrorTests.expectError(try await client.registerChallenge(token, target: "not-an-address", channel: "email"),
                                               "invalid_request", 901001)
            _ = ProtocolErrorTests.expectError(try await client.registerChallenge(token, target: "a@b.example", channel: "fax"),
                                               "invalid_request", 901001)
            let sent = try await client.registerChallenge(token, target: "other@example.com", channel: nil)
            #expect(sent.string("challenge_channel") == "email", "the channel follows the contact when none is named")
            #expect(sent.string("challenge_type") == "oob", "not preverified: the sign-in verified no address")
            let codes = try await client.admin("GET", "codes?username=registeruser@example.com").json["codes"] as? [[String: Any]]
            #expect(codes?.count == 1)
        }
    }

    @Test func theAddressASignUpVerifiedIsPreverified() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "attributes": [], "requireMFA": true}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let started = try await client.post("signup/v1.0/start", [
                ("client_id", client.clientId), ("username", "newuser@example.com"), ("password", "S3cure-Passw0rd"),
                ("challenge_type", "oob password redirect"), ("capabilities", EmulatorClient.bothCapabilities)])
            let challenged = try await client.signUpChallenge(try #require(started.string("continuation_token")))
            let created = try await client.signUpContinue(try #require(challenged.string("continuation_token")), "oob", "12345678")
            let refused = try await client.continuationGrant(try #require(created.string("continuation_token")), username: "newuser@example.com")
            #expect(refused.string("suberror") == "registration_required")
            let listed = try await client.registerIntrospect(try #require(refused.string("continuation_token")))
            let preverified = try await client.registerChallenge(try #require(listed.string("continuation_token")), target: "NewUser@example.com",
                                                                 channel: "email")
            #expect(preverified.json.keys.sorted() == ["challenge_type", "continuation_token"])
            #expect(preverified.string("challenge_type") == "preverified")
            let token = try #require(preverified.string("continuation_token"))
            _ = ProtocolErrorTests.expectError(try await client.registerContinue(token, code: "12345678"), "invalid_request", 55200)
            let registered = try await client.registerContinue(token, code: nil)
            #expect(try await client.continuationGrant(try #require(registered.string("continuation_token")), username: nil).status == 200)
            let codes = try await client.admin("GET", "codes?username=newuser@example.com").json["codes"] as? [[String: Any]]
            #expect(codes?.count == 1, "one code: the sign-up's, none for the registration")
        }
    }

    @Test func aSignUpWithoutTheCapabilityEndsInTheRedirect() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "attributes": [], "requireMFA": true}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let token = try await client.signUpToCode("plain@example.com", challengeType: "oob password redirect", password: "S3cure-Passw0rd")
            let created = try await client.signUpContinue(token, "oob", "12345678")
            let answer = try await client.continuationGrant(try #require(created.string("continuation_token")), username: nil)
            #expect(answer.status == 200)
            #expect(answer.string("redirect_reason") == "Client is missing registration_required capability")
        }
    }

    @Test func seedFilesAreChecked() async throws {
        for (json, complaint) in [
            (#"{"users":[{"username":"o@example.com","method":"otp","mfa":{"register":true}}]}"#, "may only list sms methods"),
            (#"{"users":[{"username":"o@example.com","method":"otp","mfa":{"methods":[{"channel":"email","target":"o@example.com"}]}}]}"#,
             "may only list sms methods"),
            (#"{"signUp":{"requireMFA":true,"newUserSecondFactor":"email"}}"#, "give one of them"),
            (#"{"signUp":{"newUserSecondFactor":"sms"}}"#, "can only be"),
            (#"{"users":[{"username":"p@example.com","method":"password","password":"Passw0rd!","mfa":{"methods":[{"channel":"sms","target":"12"}]}}]}"#,
             "not a valid sms target"),
            (#"{"users":[{"username":"q@example.com","method":"password","password":"Passw0rd!","mfa":{"register":true,"methods":[{"channel":"email","target":"q@example.com"}]}}]}"#,
             "give one of them"),
        ] {
            let seed = try seedFile(json)
            defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
            do {
                try await withEmulator({ $0.seedFile = seed }) { _ in }
                Issue.record("the seed \(json) was accepted")
            } catch {
                #expect("\(error)".contains(complaint), "\(error)")
            }
        }
    }
}
