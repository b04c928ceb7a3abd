import Foundation
import NativeAuthEmulator
import Testing

@Suite("Discovery and signing keys")
struct DiscoveryTests {
    @Test func discoveryNamesIssuerTokenEndpointAndJWKS() async throws {
        try await withEmulator { client in
            let url = client.emulator.authority.appendingPathComponent("v2.0/.well-known/openid-configuration")
            let discovery = try await client.get(url)
            #expect(discovery.status == 200)
            #expect(discovery.header("Content-Type") == "application/json")
            let base = client.emulator.baseURL.absoluteString
            let tenant = client.emulator.tenantId
            #expect(discovery.string("issuer") == "\(base)/\(tenant)/v2.0")
            #expect(discovery.string("jwks_uri") == "\(base)/\(tenant)/discovery/v2.0/keys")
            #expect(discovery.string("token_endpoint") == "\(base)/\(tenant)/oauth2/v2.0/token")
            #expect(discovery.json["id_token_signing_alg_values_supported"] as? [String] == ["RS256"])
            // The tenant-GUID form of the path serves the same document.
            let byId = try await client.get(URL(string: "\(base)/\(tenant)/v2.0/.well-known/openid-configuration")!)
            #expect(byId.string("issuer") == discovery.string("issuer"))
        }
    }

    @Test func idTokenVerifiesAgainstTheJWKS() async throws {
        try await withEmulator { client in
            let discovery = try await client.get(client.emulator.authority.appendingPathComponent("v2.0/.well-known/openid-configuration"))
            let jwks = try await client.get(URL(string: try #require(discovery.string("jwks_uri")))!)
            let keys = try #require(jwks.json["keys"] as? [[String: Any]])
            let key = try #require(keys.first)
            #expect(key["kty"] as? String == "RSA")
            #expect(key["use"] as? String == "sig")
            #expect(key["alg"] as? String == "RS256")
            #expect((key["n"] as? String)?.isEmpty == false)
            #expect(key["e"] as? String == "AQAB")

            let tokens = try await client.signInOTP(scope: "openid profile offline_access")
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(id.header["alg"] as? String == "RS256")
            #expect(id.header["kid"] as? String == key["kid"] as? String)
            #expect(try id.verifies(with: key))
            #expect(id.claims["aud"] as? String == EmulatorConfiguration.defaultClientId)
            #expect(id.claims["iss"] as? String == discovery.string("issuer"))
            #expect(id.claims["tid"] as? String == client.emulator.tenantId)
            #expect(id.claims["ver"] as? String == "2.0")
            #expect(id.claims["preferred_username"] as? String == "alice@example.com")
            #expect(id.claims["name"] as? String == "Alice Example")
            #expect(id.claims["sub"] is String && id.claims["oid"] is String)
            let iat = try #require(id.claims["iat"] as? Int)
            #expect(id.claims["nbf"] as? Int == iat)
            #expect(id.claims["exp"] as? Int == iat + 3600)

            // A tampered token does not verify.
            var forged = try #require(tokens.string("id_token"))
            forged = forged.replacingOccurrences(of: ".", with: ".e", options: [], range: forged.range(of: "."))
            if let tampered = try? JWT(forged) { #expect(try !tampered.verifies(with: key)) }
        }
    }

    @Test func tokenTimestampsFollowTheVirtualClock() async throws {
        try await withEmulator { client in
            let before = try JWT(try #require(try await client.signInOTP().string("id_token")))
            _ = try await client.admin("POST", "clock/advance", json: #"{"seconds": 86400}"#)
            let after = try JWT(try #require(try await client.signInOTP().string("id_token")))
            let afterIat = try #require(after.claims["iat"] as? Int)
            let beforeIat = try #require(before.claims["iat"] as? Int)
            let delta = afterIat - beforeIat
            #expect(delta >= 86400 && delta < 86400 + 60)
        }
    }
}
