import Foundation
import NativeAuthEmulator
import Testing

/// What the router decides before any flow runs: which handler answers, in which error shape, and in
/// which order the checks come (fault, then tenant, then method).
@Suite("Routing")
struct RoutingTests {
    func send(_ client: EmulatorClient, _ method: String, _ path: String, token: String? = EmulatorClient.adminToken) async throws -> HTTPResult {
        try await client.raw(method: method, url: URL(string: client.emulator.baseURL.absoluteString + path)!, body: nil,
                             headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    @Test func theAdminRootAndATrailingSlashAnswerTheHealthCheck() async throws {
        try await withEmulator { client in
            for path in ["/_emulator", "/_emulator/", "/_emulator/health/"] {
                let answer = try await send(client, "GET", path)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.json["ready"] as? Bool == true, "\(path)")
            }
        }
    }

    @Test func anUnknownAdminMethodOrPathIsTheAdminAPIs404AfterTheTokenCheck() async throws {
        try await withEmulator { client in
            let wrongMethod = try await send(client, "PUT", "/_emulator/faults")
            #expect(wrongMethod.status == 404)
            #expect(wrongMethod.string("error") == "not_found")
            #expect(wrongMethod.string("error_description") == "no admin endpoint PUT /_emulator/faults")
            let deeper = try await send(client, "GET", "/_emulator/clock/later")
            #expect(deeper.string("error_description") == "no admin endpoint GET /_emulator/clock/later")
            let withoutToken = try await send(client, "GET", "/_emulator/nope", token: nil)
            #expect(withoutToken.status == 401)
        }
    }

    @Test func aFaultComesBeforeTheTenantAndMethodChecks() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"initiate","status":503}"#)
            let faulted = try await send(client, "GET", "/contoso.onmicrosoft.com/oauth2/v2.0/initiate", token: nil)
            #expect(faulted.status == 503)
            // Then the tenant is checked before the method.
            let unknownTenant = try await send(client, "GET", "/contoso.onmicrosoft.com/oauth2/v2.0/initiate", token: nil)
            ProtocolErrorTests.expectError(unknownTenant, "invalid_request", 90002)
        }
    }

    @Test func aTrailingSlashReachesTheEndpoint() async throws {
        try await withEmulator { client in
            let answer = try await client.post("oauth2/v2.0/initiate/", [("client_id", client.clientId), ("username", "alice@example.com"),
                                                                         ("challenge_type", "oob redirect")])
            #expect(answer.status == 200)
            #expect(answer.string("continuation_token") != nil)
        }
    }

    @Test func anUnknownPathIsA404ProtocolErrorAndIsLogged() async throws {
        try await withEmulator { client in
            let root = try await send(client, "GET", "/", token: nil)
            #expect(root.status == 404)
            #expect(root.header("Content-Type") == "application/json")
            #expect(root.string("error") == "not_found")
            let log = try await client.admin("GET", "requests").json["requests"] as? [[String: Any]] ?? []
            #expect(log.contains { $0["path"] as? String == "/" && $0["status"] as? Int == 404 })
        }
    }

    @Test func aPageAnswersAWrongMethodOrTenantWithAnErrorPage() async throws {
        try await withEmulator { client in
            let wrongMethod = try await send(client, "PUT", "/emulator.onmicrosoft.com/oauth2/v2.0/authorize", token: nil)
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("Content-Type") == "text/html; charset=utf-8")
            let unknownTenant = try await send(client, "GET", "/contoso.onmicrosoft.com/oauth2/deviceauth", token: nil)
            #expect(unknownTenant.status == 400)
            #expect(unknownTenant.header("Content-Type") == "text/html; charset=utf-8")
        }
    }
}
