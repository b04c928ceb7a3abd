import Foundation
@testable import NativeAuthEmulator
import Testing

/// Claims requests for authentication contexts (`acrs`) at `/oauth2/v2.0/token`, the tenant's
/// contexts tied to a second factor, and the claims challenge of `/v1.0/me`.
@Suite("Authentication contexts")
struct AuthenticationContextTests {
    static let seed = #"""
        {"users": [{"username": "ctxuser@example.com", "method": "password", "password": "Passw0rd!",
                    "mfa": {"methods": [{"channel": "email", "target": "ctxuser@example.com"}], "onlyForContexts": true}}],
         "authenticationContexts": [{"id": "c1", "secondFactor": true, "requiredByGraph": true}, {"id": "c2"}]}
        """#
    static let c1 = #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#

    /// Runs `body` against an emulator seeded with ``seed``.
    func withContexts(_ body: @Sendable (EmulatorClient) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contexts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        try Data(Self.seed.utf8).write(to: seed)
        try await withEmulator({ $0.seedFile = seed }) { client in try await body(client) }
    }

    /// The password grant of `username` with `claims`, from an app with both capabilities.
    func passwordGrant(_ client: EmulatorClient, _ username: String, claims: String?) async throws -> HTTPResult {
        let started = try await client.initiate(username, capabilities: EmulatorClient.bothCapabilities)
        let challenged = try await client.challenge(try #require(started.string("continuation_token")))
        var fields = [("client_id", client.clientId), ("continuation_token", try #require(challenged.string("continuation_token"))),
                      ("grant_type", "password"), ("password", "Passw0rd!"), ("scope", "openid offline_access User.Read")]
        if let claims { fields.append(("claims", claims)) }
        return try await client.post("oauth2/v2.0/token", fields)
    }

    func acrs(_ result: HTTPResult) throws -> [String]? {
        try JWT(try #require(result.string("access_token"))).claims["acrs"] as? [String]
    }

    @Test func theAccessTokenCarriesTheContextsAskedFor() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            let single = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("continuation_token", token), ("grant_type", "oob"), ("oob", "12345678"),
                ("scope", "openid offline_access"), ("claims", #"{"access_token":{"acrs":{"essential":true,"values":["c3","c7"]}}}"#)])
            #expect(single.status == 200)
            #expect(try acrs(single) == ["c3", "c7"])
            let plain = try await client.signInOTP()
            #expect(try acrs(plain) == nil, "no claims request, no acrs")
        }
    }

    @Test func aClaimsRequestThatIsNotJSONOrNamesNoContextIsRefused() async throws {
        try await withEmulator { client in
            for claims in ["not json", #"{"access_token":{"acrs":{"value":"admin"}}}"#, #"{"access_token":[1]}"#] {
                let token = try await client.startOTP()
                let refused = try await client.post("oauth2/v2.0/token", [
                    ("client_id", client.clientId), ("continuation_token", token), ("grant_type", "oob"), ("oob", "12345678"),
                    ("scope", "openid offline_access"), ("claims", claims)])
                _ = ProtocolErrorTests.expectError(refused, "invalid_request", 90015)
            }
        }
    }

    @Test func aContextTiedToASecondFactorAsksForItAndTheTokenCarriesIt() async throws {
        try await withContexts { client in
            let plain = try await passwordGrant(client, "ctxuser@example.com", claims: nil)
            #expect(plain.status == 200, "without the context, no second factor")
            let refused = ProtocolErrorTests.expectError(
                try await passwordGrant(client, "ctxuser@example.com", claims: Self.c1), "invalid_grant", 50076, suberror: "mfa_required")
            let listed = try await client.mfaIntrospect(try #require(refused.string("continuation_token")))
            let sent = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: try #require(listed.methods.first?["id"]))
            let tokens = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("continuation_token", try #require(sent.string("continuation_token"))),
                ("grant_type", "mfa_oob"), ("oob", "12345678"), ("scope", "openid offline_access User.Read"), ("claims", Self.c1)])
            #expect(tokens.status == 200)
            #expect(try acrs(tokens) == ["c1"])

            // The session did the second factor: a refresh for the context is granted.
            let refreshed = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("grant_type", "refresh_token"), ("refresh_token", try #require(tokens.string("refresh_token"))),
                ("scope", "openid offline_access User.Read"), ("claims", Self.c1)])
            #expect(refreshed.status == 200)
            #expect(try acrs(refreshed) == ["c1"])
        }
    }

    @Test func aUserWithoutASecondFactorMustRegisterOneForTheContext() async throws {
        try await withContexts { client in
            let refused = try await passwordGrant(client, "bob@example.com", claims: Self.c1)
            #expect(refused.status == 400)
            #expect(refused.string("error") == "invalid_grant")
            #expect(refused.string("suberror") == "registration_required")
            #expect(refused.string("continuation_token") != nil)
        }
    }

    @Test func aRefreshForATiedContextWithoutTheSecondFactorNeedsTheUser() async throws {
        try await withContexts { client in
            let signedIn = try await passwordGrant(client, "bob@example.com", claims: nil)
            let refreshToken = try #require(signedIn.string("refresh_token"))
            let refused = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
                ("scope", "openid offline_access"), ("claims", Self.c1)])
            _ = ProtocolErrorTests.expectError(refused, "invalid_grant", 50076)
            // The refused refresh did not spend the token; a context not tied to a factor is granted.
            let other = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
                ("scope", "openid offline_access"), ("claims", #"{"access_token":{"acrs":{"essential":true,"value":"c2"}}}"#)])
            #expect(other.status == 200)
            #expect(try acrs(other) == ["c2"])
        }
    }

    @Test func graphAnswersAClaimsChallengeToATokenWithoutTheContextAndAnAppWithoutCapabilitiesIsRedirected() async throws {
        try await withContexts { client in
            let me = URL(string: client.emulator.baseURL.absoluteString + "/v1.0/me")!
            let plain = try #require(try await client.signInOTP(scope: "openid User.Read offline_access").string("access_token"))
            let challenged = try await client.raw(method: "GET", url: me, body: nil, headers: ["Authorization": "Bearer \(plain)"])
            #expect(challenged.status == 401)
            let header = try #require(challenged.header("WWW-Authenticate"))
            #expect(header.contains(#"error="insufficient_claims""#))
            let claims = try #require(header.components(separatedBy: #"claims=""#).last?.split(separator: "\"").first)
            let decoded = try #require(Data(base64Encoded: String(claims)))
            #expect(String(decoding: decoded, as: UTF8.self) == Self.c1)

            let token = try await client.startOTP()
            let withContext = try await client.post("oauth2/v2.0/token", [
                ("client_id", client.clientId), ("continuation_token", token), ("grant_type", "oob"), ("oob", "12345678"),
                ("scope", "openid User.Read offline_access"), ("claims", Self.c1)])
            // The tied context needs a second factor; an app without the capabilities gets the redirect
            // (as MSAL's end-to-end tests see for an auth-context claims request).
            #expect(withContext.status == 200)
            #expect(withContext.string("challenge_type") == "redirect")
        }
    }

    @Test func aSeedWithAContextIdOutsideC1ToC99IsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contexts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("seed.json")
        try Data(#"{"authenticationContexts": [{"id": "c100"}]}"#.utf8).write(to: seed)
        #expect(throws: (any Error).self) {
            _ = try EmulatorCore(configuration: EmulatorClient.configuration { $0.seedFile = seed })
        }
    }
}
