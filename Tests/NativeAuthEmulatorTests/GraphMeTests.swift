import Foundation
import NativeAuthEmulator
import Testing

/// The emulator's protected resource, `GET /v1.0/me`, as a resource server checks a bearer token.
@Suite("Graph-shaped /v1.0/me")
struct GraphMeTests {
    func me(_ client: EmulatorClient, authorization: String?, method: String = "GET") async throws -> HTTPResult {
        try await client.raw(method: method, url: URL(string: client.emulator.baseURL.absoluteString + "/v1.0/me")!, body: nil,
                             headers: authorization.map { ["Authorization": $0] } ?? [:])
    }

    func token(_ client: EmulatorClient, scope: String) async throws -> String {
        try #require(try await client.signInOTP(scope: scope).string("access_token"))
    }

    func graphError(_ result: HTTPResult) -> (code: String?, message: String?) {
        let error = result.json["error"] as? [String: Any]
        return (error?["code"] as? String, error?["message"] as? String)
    }

    @Test func aUserReadTokenGetsTheSignedInUser() async throws {
        try await withEmulator { client in
            let result = try await me(client, authorization: "Bearer " + token(client, scope: "openid User.Read offline_access"))
            #expect(result.status == 200)
            #expect(result.string("displayName") == "Alice Example")
            #expect(result.string("mail") == "alice@example.com")
            #expect(result.string("userPrincipalName") == "alice@example.com")
            #expect(result.string("id")?.count == 36)
            #expect(result.header("request-id") != nil)
        }
    }

    @Test func noTokenIs401WithAChallengeButNoErrorCode() async throws {
        try await withEmulator { client in
            let result = try await me(client, authorization: nil)
            #expect(result.status == 401)
            #expect(graphError(result).code == "InvalidAuthenticationToken")
            let challenge = try #require(result.header("WWW-Authenticate"))
            #expect(challenge.hasPrefix("Bearer realm=\"\""))
            #expect(!challenge.contains("error="), "RFC 6750 §3.1: no error code without a token")
        }
    }

    @Test func forgedOtherAudienceAndExpiredTokensAre401InvalidToken() async throws {
        try await withEmulator { client in
            let good = try await token(client, scope: "openid User.Read")
            var parts = good.split(separator: ".").map(String.init)
            parts[2] = (parts[2].first == "A" ? "B" : "A") + parts[2].dropFirst()  // same length, another signature
            let forged = try await me(client, authorization: "Bearer " + parts.joined(separator: "."))
            #expect(forged.status == 401)
            #expect(forged.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true)
            #expect(graphError(forged).message?.contains("signature") == true)

            let other = try await me(client, authorization: "Bearer " + token(client, scope: "openid api://contoso/Data.Read"))
            #expect(other.status == 401)
            #expect(graphError(other).message?.contains("Invalid audience") == true)

            let garbage = try await me(client, authorization: "Bearer not-a-jwt")
            #expect(garbage.status == 401)

            client.emulator.advanceClock(by: 2 * 3600)
            let expired = try await me(client, authorization: "Bearer " + good)
            #expect(expired.status == 401)
            #expect(graphError(expired).message?.contains("expired") == true)
        }
    }

    @Test func aGraphTokenWithoutUserReadIs403InsufficientScope() async throws {
        try await withEmulator { client in
            let result = try await me(client, authorization: "Bearer " + token(client, scope: "openid Mail.Read"))
            #expect(result.status == 403)
            #expect(graphError(result).code == "Authorization_RequestDenied")
            #expect(result.header("WWW-Authenticate")?.contains(#"error="insufficient_scope", scope="User.Read""#) == true)
        }
    }

    @Test func otherMethodsAre405() async throws {
        try await withEmulator { client in
            let result = try await me(client, authorization: nil, method: "DELETE")
            #expect(result.status == 405)
        }
    }
}
