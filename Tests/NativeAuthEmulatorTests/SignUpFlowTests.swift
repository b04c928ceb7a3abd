import Foundation
import NativeAuthEmulator
import NativeAuthShared
import Testing

@Suite("Sign-up flows over loopback HTTP")
struct SignUpFlowTests {
    @Test func otpSignUpCreatesTheUserWhoThenSignsIn() async throws {
        try await withEmulator { client in
            let started = try await client.signUpStart("carol@example.com", attributes: #"{"displayName":"Carol","city":"Dublin","shoeSize":"44"}"#)
            #expect(started.status == 200)
            #expect(started.json.keys.sorted() == ["continuation_token"])
            let challenged = try await client.signUpChallenge(try #require(started.string("continuation_token")))
            #expect(challenged.string("challenge_type") == "oob")
            #expect(challenged.string("challenge_target_label") == "c***l@e*****e.com")
            #expect(challenged.json["code_length"] as? Int == 8)
            #expect(try await client.users()["carol@example.com"] == nil, "no user before the address is verified")
            let done = try await client.signUpContinue(try #require(challenged.string("continuation_token")), "oob", "12345678")
            #expect(done.status == 200)
            let users = try await client.users()
            let carol = try #require(users["carol@example.com"])
            #expect(carol["method"] as? String == "otp")
            #expect(carol["displayName"] as? String == "Carol")
            #expect((carol["attributes"] as? [String: Any])?["city"] as? String == "Dublin")
            #expect((carol["attributes"] as? [String: Any])?["shoeSize"] == nil, "unknown attributes are ignored")

            let tokens = try await client.continuationGrant(try #require(done.string("continuation_token")), username: "Carol@Example.com")
            #expect(tokens.status == 200)
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(id.claims["preferred_username"] as? String == "carol@example.com")
            #expect(id.claims["name"] as? String == "Carol")
            #expect(tokens.string("refresh_token") != nil)
            // The method they signed up with signs them in.
            #expect(try await client.signInOTP("carol@example.com").status == 200)
        }
    }

    @Test func passwordSignUpAsksForThePasswordThenTheAttributes() async throws {
        try await withEmulator { client in
            let token = try await client.signUpToCode("dave@example.com", challengeType: "oob password redirect")
            let credential = ProtocolErrorTests.expectError(try await client.signUpContinue(token, "oob", "12345678"), "credential_required", 55103)
            let asked = try await client.signUpChallenge(try #require(credential.string("continuation_token")))
            #expect(asked.json.keys.sorted() == ["challenge_type", "continuation_token"])
            #expect(asked.string("challenge_type") == "password")
            let passwordToken = try #require(asked.string("continuation_token"))
            let weak = ProtocolErrorTests.expectError(try await client.signUpContinue(passwordToken, "password", "abcdefghij"), "invalid_grant", 399246,
                              suberror: "password_too_weak")
            #expect(weak.string("error_description")?.contains("3 of lowercase letters, uppercase letters, digits and symbols") == true)
            let short = try await client.signUpContinue(passwordToken, "password", "Ab1!")
            #expect(short.status == 400)
            #expect(short.string("suberror") == "password_too_short")
            #expect((short.json["error_codes"] as? [Any])?.isEmpty == true, "no public number")
            #expect(short.string("error_description")?.hasPrefix("New password is too short") == true)
            let attributes = ProtocolErrorTests.expectError(try await client.signUpContinue(passwordToken, "password", "S3cure-Passw0rd"), "attributes_required", 55106)
            let required = try #require(attributes.json["required_attributes"] as? [[String: Any]])
            #expect(required.map { $0["name"] as? String } == ["displayName"])
            #expect(required.first?["type"] as? String == "string")
            #expect(required.first?["required"] as? Bool == true)
            let done = try await client.signUpContinue(try #require(attributes.string("continuation_token")), "attributes", #"{"displayName":"Dave"}"#)
            #expect(done.status == 200)
            #expect(try await client.users()["dave@example.com"]?["method"] as? String == "password")
            // And Dave signs in with the password.
            let initiated = try await client.initiate("dave@example.com", challengeType: "password redirect")
            let challenge = try await client.challenge(try #require(initiated.string("continuation_token")))
            #expect(try await client.submitPassword(try #require(challenge.string("continuation_token")), password: "S3cure-Passw0rd").status == 200)
        }
    }

    @Test(arguments: [
        ("Ab1!", "password_too_short"), (String(repeating: "Ab1!", count: 65), "password_too_long"),
        ("abcdefghij", "password_too_weak"), ("MyPassword1!", "password_banned"), ("Tab\tTab12", "password_is_invalid"),
    ])
    func passwordPolicyAtStart(_ password: String, _ suberror: String) async throws {
        try await withEmulator { client in
            let refused = try await client.signUpStart("erin@example.com", challengeType: "oob password redirect", password: password)
            #expect(refused.status == 400)
            #expect(refused.string("error") == "invalid_grant")
            #expect(refused.string("suberror") == suberror)
            #expect(try await client.users()["erin@example.com"] == nil)
        }
    }

    @Test func aGoodPasswordAtStartSkipsTheCredentialStep() async throws {
        try await withEmulator { client in
            let token = try await client.signUpToCode("fay@example.com", challengeType: "oob password redirect",
                                                     password: "S3cure-Passw0rd", attributes: #"{"displayName":"Fay"}"#)
            let done = try await client.signUpContinue(token, "oob", "12345678")
            #expect(done.status == 200, "\(done.json)")
            #expect(try await client.users()["fay@example.com"]?["passwordHash"] != nil)
        }
    }

    @Test func takenAndMalformedAddressesAreRefused() async throws {
        try await withEmulator { client in
            ProtocolErrorTests.expectError(try await client.signUpStart("ALICE@example.com"), "user_already_exists", 1_003_037)
            let invalid = ProtocolErrorTests.expectError(try await client.signUpStart("not-an-email"), "invalid_request", 90100)
            #expect(invalid.string("error_description")?.contains("username parameter is empty or not valid") == true)
        }
    }

    @Test func attributeValuesAreValidated() async throws {
        try await withEmulator { client in
            let failed = try await client.signUpStart("gus@example.com", attributes: #"{"displayName":5,"city":"Cork"}"#)
            #expect(failed.status == 400)
            #expect(failed.string("error") == "invalid_grant")
            #expect(failed.string("suberror") == "attribute_validation_failed")
            #expect((failed.json["invalid_attributes"] as? [[String: String]]) == [["name": "displayName"]])
            ProtocolErrorTests.expectError(try await client.signUpStart("gus@example.com", attributes: "[1,2]"), "invalid_request", 90100)
        }
    }

    @Test func aSeededPolicyCollectsCustomAttributesAndChecksPatterns() async throws {
        let seed = try seedFile("""
            {"signUp": {"method": "otp", "attributes": [
              {"name": "postalCode", "type": "string", "required": true, "regex": "[1-9][0-9]{4}"},
              {"name": "extension_0a1b2c3d_age", "type": "int", "required": true},
              {"name": "city"}]}}
            """)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            // A password client still gets an email-code sign-up: the tenant's method is otp.
            let token = try await client.signUpToCode("hal@example.com", challengeType: "oob password redirect", attributes: #"{"city":"Oslo"}"#)
            let asked = ProtocolErrorTests.expectError(try await client.signUpContinue(token, "oob", "12345678"), "attributes_required", 55106)
            let required = try #require(asked.json["required_attributes"] as? [[String: Any]])
            #expect(required.compactMap { $0["name"] as? String } == ["postalCode", "extension_0a1b2c3d_age"])
            #expect((required.first?["options"] as? [String: String])?["regex"] == "[1-9][0-9]{4}")
            let attributesToken = try #require(asked.string("continuation_token"))
            let invalid = try await client.signUpContinue(attributesToken, "attributes", #"{"postalCode":"0123","extension_0a1b2c3d_age":"x"}"#)
            #expect(invalid.string("suberror") == "attribute_validation_failed")
            #expect((invalid.json["invalid_attributes"] as? [[String: String]])?.map { $0["name"] } == ["extension_0a1b2c3d_age", "postalCode"])
            // The refusal leaves the token good; an optional attribute is no longer taken after verification.
            let done = try await client.signUpContinue(attributesToken, "attributes",
                                                       #"{"postalCode":"98052","extension_0a1b2c3d_age":"42","city":"Bergen"}"#)
            #expect(done.status == 200, "\(done.json)")
            let attributes = try #require(try await client.users()["hal@example.com"]?["attributes"] as? [String: Any])
            #expect(attributes["city"] as? String == "Oslo")
            #expect(attributes["postalCode"] as? String == "98052")
        }
    }

    @Test func aClientWithoutTheTenantsMethodIsRedirected() async throws {
        let seed = try seedFile(#"{"signUp": {"method": "password", "attributes": []}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let redirected = try await client.signUpStart("ivy@example.com", challengeType: "oob redirect")
            #expect(redirected.status == 200)
            #expect(redirected.string("challenge_type") == "redirect")
            #expect(redirected.string("redirect_reason")?.contains("password") == true)
            // With the password type, and no attributes required, the password completes it.
            let token = try await client.signUpToCode("ivy@example.com", challengeType: "oob password redirect")
            let credential = try await client.signUpContinue(token, "oob", "12345678")
            let asked = try await client.signUpChallenge(try #require(credential.string("continuation_token")))
            #expect(try await client.signUpContinue(try #require(asked.string("continuation_token")), "password", "S3cure-Passw0rd").status == 200)
        }
    }

    @Test func signUpCodesExpireAndAreLimitedAndAnUnverifiedSignUpLeavesNoUser() async throws {
        try await withEmulator { client in
            let token = try await client.signUpToCode("jay@example.com", attributes: #"{"displayName":"Jay"}"#)
            #expect(try await client.admin("GET", "codes?username=jay@example.com").json["codes"] as? [[String: Any]] != nil)
            client.emulator.advanceClock(by: 601)
            let expired = ProtocolErrorTests.expectError(try await client.signUpContinue(token, "oob", "12345678"), "expired_token", 552_003)
            #expect(expired.string("continuation_token") == nil)

            let next = try await client.signUpToCode("jay@example.com", attributes: #"{"displayName":"Jay"}"#)
            for _ in 1..<5 {
                ProtocolErrorTests.expectError(try await client.signUpContinue(next, "oob", "00000000"), "invalid_grant", 50181, suberror: "invalid_oob_value")
            }
            ProtocolErrorTests.expectError(try await client.signUpContinue(next, "oob", "00000000"), "invalid_grant", 50053)
            ProtocolErrorTests.expectError(try await client.signUpContinue(next, "oob", "12345678"), "invalid_request", 55200)
            #expect(try await client.users()["jay@example.com"] == nil)
        }
    }

    @Test func aResendInvalidatesTheOldCodeAndToken() async throws {
        try await withEmulator({ $0.fixedCode = nil }) { client in
            let first = try await client.signUpToCode("kim@example.com", attributes: #"{"displayName":"Kim"}"#)
            let oldCode = try #require(try client.emulator.latestCode(for: "kim@example.com"))
            let resent = try await client.signUpChallenge(first)
            let second = try #require(resent.string("continuation_token"))
            let newCode = try #require(try client.emulator.latestCode(for: "kim@example.com"))
            ProtocolErrorTests.expectError(try await client.signUpContinue(first, "oob", newCode), "invalid_request", 55200)
            if oldCode != newCode {
                ProtocolErrorTests.expectError(try await client.signUpContinue(second, "oob", oldCode), "invalid_grant", 50181, suberror: "invalid_oob_value")
            }
            #expect(try await client.signUpContinue(second, "oob", newCode).status == 200)
        }
    }

    @Test func tokensStayInTheirOwnKindOfFlow() async throws {
        try await withEmulator { client in
            let signUpToken = try await client.signUpToCode("lee@example.com", attributes: #"{"displayName":"Lee"}"#)
            let crossed = ProtocolErrorTests.expectError(try await client.challenge(signUpToken), "invalid_request", 55200)
            #expect(crossed.string("error_description")?.contains("sign-up flow") == true)
            let signInToken = try await client.startOTP()
            ProtocolErrorTests.expectError(try await client.signUpContinue(signInToken, "oob", "12345678"), "invalid_request", 55200)
            ProtocolErrorTests.expectError(try await client.continuationGrant(signInToken, username: nil), "invalid_request", 55200)
            // The continuation_token grant takes a completed sign-up's token once, for its own user.
            let done = try await client.signUpContinue(signUpToken, "oob", "12345678")
            let finished = try #require(done.string("continuation_token"))
            ProtocolErrorTests.expectError(try await client.continuationGrant(finished, username: "alice@example.com"), "invalid_request", 55200)
            #expect(try await client.continuationGrant(finished, username: nil).status == 200)
            ProtocolErrorTests.expectError(try await client.continuationGrant(finished, username: nil), "invalid_request", 55200)
        }
    }

    @Test func faultsApplyToTheSignUpEndpoints() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"signup/start","status":503}"#)
            #expect(try await client.signUpStart("mo@example.com").status == 503)
            #expect(try await client.signUpStart("mo@example.com").status == 200)
        }
    }

    @Test func aSeedPolicyThatCannotWorkStopsTheStart() async throws {
        let seed = try seedFile(#"{"signUp": {"attributes": [{"name": "postalCode", "regex": "([0-9"}]}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        await #expect(throws: (any Error).self) { try await withEmulator({ $0.seedFile = seed }) { _ in } }
    }

    @Test func aSignUpStartedOnOneInstanceFinishesOnAnother() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { a in
            try await withEmulator({ $0.stateDirectory = directory }) { b in
                let token = try await a.signUpToCode("nia@example.com", attributes: #"{"displayName":"Nia"}"#)
                let done = try await b.signUpContinue(token, "oob", "12345678")
                #expect(try await a.continuationGrant(try #require(done.string("continuation_token")), username: "nia@example.com").status == 200)
            }
        }
    }

    @Test func aStateWrittenBeforeFlowKindsAndAttributesStillLoads() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // As the previous version wrote it: flows without a kind, users without attributes.
        let old = """
            {"flows":{"0123456789abcdef0123456789abcdef":{"challengeTypes":["oob","redirect"],"clientId":"\(EmulatorConfiguration.defaultClientId)",
             "failedAttempts":0,"id":"0123456789abcdef0123456789abcdef","purgeAfter":9999999999,"stage":"awaitingChallenge",
             "tokenExpiresAt":9999999999,"tokenHash":"00","userKey":"olga@example.com"}},
             "outbox":{},"refreshTokens":{},"tenantId":"aaaabbbb-0000-cccc-1111-dddd2222eeee",
             "users":{"olga@example.com":{"displayName":"Olga","id":"00000000-0000-0000-0000-00000000a1ca","method":"otp","username":"olga@example.com"}},
             "version":1}
            """
        try Data(old.utf8).write(to: directory.appendingPathComponent("state.json"))
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            #expect(client.emulator.tenantId == "aaaabbbb-0000-cccc-1111-dddd2222eeee")
            #expect(try await client.signInOTP("olga@example.com").status == 200)
            ProtocolErrorTests.expectError(try await client.signUpStart("olga@example.com"), "user_already_exists", 1_003_037)
        }
    }
}
