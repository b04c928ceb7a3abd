import Foundation
import NativeAuthEmulator
import Testing

@Suite("Protocol errors")
struct ProtocolErrorTests {
    /// Checks the error envelope and returns the result for further checks.
    @discardableResult
    static func expectError(_ result: HTTPResult, _ error: String, _ code: Int, suberror: String? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) -> HTTPResult {
        #expect(result.status == 400, sourceLocation: sourceLocation)
        #expect(result.string("error") == error, sourceLocation: sourceLocation)
        #expect(result.errorCode == code, sourceLocation: sourceLocation)
        #expect(result.string("suberror") == suberror, sourceLocation: sourceLocation)
        let description = result.string("error_description") ?? ""
        #expect(description.hasPrefix("AADSTS\(code): "), sourceLocation: sourceLocation)
        #expect(description.contains("\r\nTrace ID: "), sourceLocation: sourceLocation)
        #expect(description.contains("\r\nCorrelation ID: "), sourceLocation: sourceLocation)
        #expect(description.contains("\r\nTimestamp: "), sourceLocation: sourceLocation)
        let timestamp = result.string("timestamp") ?? ""
        #expect(timestamp.count == 20 && timestamp.hasSuffix("Z") && timestamp.contains(" "), sourceLocation: sourceLocation)
        #expect(UUID(uuidString: result.string("trace_id") ?? "") != nil, sourceLocation: sourceLocation)
        #expect(result.string("correlation_id") == result.header("client-request-id"), sourceLocation: sourceLocation)
        #expect(result.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        return result
    }

    @Test func unknownClientIsUnauthorized() async throws {
        try await withEmulator { client in
            var other = client
            other.clientId = "00000000-0000-4000-8000-000000000099"
            Self.expectError(try await other.initiate("alice@example.com"), "unauthorized_client", 700016)
        }
    }

    @Test(arguments: ["", "not-a-guid", "e1a70000-0000-4000-8000-00000000000Z"])
    func malformedClientIdIsInvalidRequest(_ clientId: String) async throws {
        try await withEmulator { client in
            var other = client
            other.clientId = clientId
            let result = Self.expectError(try await other.initiate("alice@example.com"), "invalid_request", 90100)
            #expect(result.string("error_description")?.contains("client_id parameter is empty or not valid") == true)
        }
    }

    @Test(arguments: ["", "   ", "two words@example.com", "a@b@c", "@example.com"])
    func emptyOrMalformedUsernameIsInvalidRequest(_ username: String) async throws {
        try await withEmulator { client in
            let result = Self.expectError(try await client.initiate(username), "invalid_request", 90100)
            #expect(result.string("error_description")?.hasPrefix("AADSTS90100: username parameter is empty or not valid") == true)
        }
    }

    @Test func unknownUserIsUserNotFound() async throws {
        try await withEmulator { client in
            Self.expectError(try await client.initiate("nobody@example.com"), "user_not_found", 50034)
        }
    }

    @Test func missingRedirectIsInvalidRequest901007() async throws {
        try await withEmulator { client in
            let result = Self.expectError(try await client.initiate("alice@example.com", challengeType: "oob"), "invalid_request", 901007)
            #expect(result.string("error_description")?.contains("does not include the 'redirect' type") == true)
            let token = try await client.initiate("alice@example.com").string("continuation_token")
            Self.expectError(try await client.challenge(try #require(token), challengeType: "oob password"), "invalid_request", 901007)
        }
    }

    @Test func unknownChallengeTypeIsUnsupported() async throws {
        try await withEmulator { client in
            let result = try await client.initiate("alice@example.com", challengeType: "oob sms redirect")
            #expect(result.status == 400)
            #expect(result.string("error") == "unsupported_challenge_type")
        }
    }

    @Test func wrongCodeIsInvalidOobValue() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            let result = Self.expectError(try await client.submitCode(token, code: "00000000"), "invalid_grant", 50181,
                                          suberror: "invalid_oob_value")
            #expect(result.json["continuation_token"] == nil)
            // The token stays valid for another try.
            #expect(try await client.submitCode(token, code: "12345678").status == 200)
        }
    }

    @Test func wrongPasswordIsInvalidGrant50126() async throws {
        try await withEmulator { client in
            let started = try await client.initiate("bob@example.com")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            let token = try #require(challenged.string("continuation_token"))
            Self.expectError(try await client.submitPassword(token, password: "wrong"), "invalid_grant", 50126)
            #expect(try await client.submitPassword(token, password: "Passw0rd!").status == 200)
        }
    }

    @Test func unknownGrantTypeIsUnsupported() async throws {
        try await withEmulator { client in
            let result = try await client.post("oauth2/v2.0/token", [("client_id", client.clientId), ("grant_type", "client_credentials"),
                                                                     ("scope", "openid")])
            #expect(result.status == 400)
            #expect(result.string("error") == "unsupported_grant_type")
        }
    }

    @Test func scopesOfTwoResourcesAreInvalidScope() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            Self.expectError(try await client.submitCode(token, code: "12345678", scope: "openid api://one/Read api://two/Write"),
                             "invalid_scope", 70011)
        }
    }

    @Test func unknownAndGarbageRefreshTokensAreInvalidGrant70000() async throws {
        try await withEmulator { client in
            Self.expectError(try await client.refresh("not-a-refresh-token"), "invalid_grant", 70000)
        }
    }

    @Test func continuationTokenGrantRejectsSignInTokens() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            let result = try await client.post("oauth2/v2.0/token", [("client_id", client.clientId), ("grant_type", "continuation_token"),
                                                                     ("continuation_token", token), ("scope", "openid")])
            Self.expectError(result, "invalid_request", 55200)
        }
    }

    @Test func unknownTenantIsInvalidRequest() async throws {
        try await withEmulator { client in
            let url = URL(string: client.emulator.baseURL.absoluteString + "/contoso.onmicrosoft.com/oauth2/v2.0/initiate")!
            let result = try await client.raw(method: "POST", url: url, body: Data("client_id=x".utf8),
                                              headers: ["Content-Type": "application/x-www-form-urlencoded"])
            Self.expectError(result, "invalid_request", 90002)
        }
    }

    @Test func clientRequestIdIsEchoedOrGenerated() async throws {
        try await withEmulator { client in
            let echoed = try await client.post("oauth2/v2.0/initiate", [("client_id", client.clientId)],
                                               headers: ["client-request-id": "my-correlation-1"])
            #expect(echoed.header("client-request-id") == "my-correlation-1")
            #expect(echoed.string("correlation_id") == "my-correlation-1")
            let generated = try await client.initiate("alice@example.com")
            #expect(UUID(uuidString: generated.header("client-request-id") ?? "") != nil)
        }
    }
}

/// Usernames that look like another one are that user, or refused (issue 35, item 8).
@Suite struct LookAlikeUsernameTests {
    @Test(arguments: ["ＡＬＩＣＥ@example.com", "ALICE@EXAMPLE.COM", "ａｌｉｃｅ@ｅｘａｍｐｌｅ.ｃｏｍ"])
    func aWidthOrCaseVariantIsTheSameUser(_ username: String) async throws {
        try await withEmulator { client in
            let initiated = try await client.initiate(username)
            #expect(initiated.status == 200, "\(initiated)")
            ProtocolErrorTests.expectError(try await client.signUpStart(username), "user_already_exists", 1_003_037)
        }
    }

    @Test(arguments: ["al\u{034F}ice@example.com", "\u{3164}alice@example.com", "alice\u{FE0F}@example.com", "\u{115F}@example.com",
                      "al\u{00AD}ice@example.com"])
    func anInvisibleCharacterIsRefused(_ username: String) async throws {
        try await withEmulator { client in
            ProtocolErrorTests.expectError(try await client.initiate(username), "invalid_request", 90100)
            ProtocolErrorTests.expectError(try await client.signUpStart(username), "invalid_request", 90100)
        }
    }
}
