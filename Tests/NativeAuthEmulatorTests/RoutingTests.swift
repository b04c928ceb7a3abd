import Foundation
@testable import NativeAuthEmulator
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

    /// HEAD is GET without the body (RFC 9110, 9.3.2): a load balancer's or `curl -I`'s check of a
    /// GET route gets its status and header fields; a route that takes no GET answers HEAD with its 405.
    @Test func headIsAnsweredAsGetWithoutItsBody() async throws {
        try await withLiveEmulator { client in
            let discovery = client.emulator.authority.appendingPathComponent("v2.0/.well-known/openid-configuration")
            let get = try await client.raw(method: "GET", url: discovery, body: nil, headers: [:])
            let head = try await client.raw(method: "HEAD", url: discovery, body: nil, headers: [:])
            #expect(get.status == 200 && head.status == 200, "\(head.status)")
            #expect(head.header("Content-Type") == get.header("Content-Type") && head.header("Content-Type") != nil)
            #expect(head.body.isEmpty && !get.body.isEmpty)
            let token = client.emulator.authority.appendingPathComponent("oauth2/v2.0/token")
            #expect(try await client.raw(method: "HEAD", url: token, body: nil, headers: [:]).status == 405)
        }
    }

    @Test func everyProtocolEndpointAnswersAnotherMethodWithA405ProtocolError() async throws {
        try await withEmulator { client in
            for endpoint in ProtocolEndpoint.allCases {
                // A V2 step's path names a method: any will do here.
                let path = endpoint.paths(apiVersion: client.emulator.core.configuration.v2APIVersion)[0]
                    .replacingOccurrences(of: ":type", with: "email").replacingOccurrences(of: ":id", with: "any-id")
                for method in ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] where method != endpoint.method.rawValue {
                    let answer = try await client.raw(method: method, url: client.emulator.authority.appendingPathComponent(path),
                                                      body: nil, headers: ["client-request-id": "wrong-method-\(method)"])
                    #expect(answer.status == 405, "\(method) \(path)")
                    #expect(answer.header("client-request-id") == "wrong-method-\(method)")
                    if endpoint.body == .json {
                        // V2's steps answer in their nested envelope.
                        let error = answer.json["error"] as? [String: Any]
                        #expect(error?["code"] as? String == "invalidRequest", "\(method) \(path)")
                        #expect((error?["message"] as? String)?.hasPrefix("AADSTS90056: ") == true, "\(method) \(path)")
                        #expect(error?["correlationId"] as? String == "wrong-method-\(method)")
                    } else {
                        #expect(answer.string("error") == "invalid_request", "\(method) \(path)")
                        #expect(answer.errorCode == 90056, "\(method) \(path)")
                        #expect(answer.string("correlation_id") == "wrong-method-\(method)")
                    }
                }
            }
            let log = try await client.admin("GET", "requests").json["requests"] as? [[String: Any]] ?? []
            #expect(log.count(where: { $0["status"] as? Int == 405 }) == ProtocolEndpoint.allCases.count * 5)
        }
    }

    @Test func aPageAndMeAnswerAnotherMethodWithTheirOwn405() async throws {
        try await withEmulator { client in
            for page in WebPage.allCases {
                let answer = try await send(client, "DELETE", "/emulator.onmicrosoft.com/" + page.path, token: nil)
                #expect(answer.status == 405, "\(page.path)")
                #expect(answer.header("Content-Type") == "text/html; charset=utf-8", "\(page.path)")
                #expect(String(decoding: answer.body, as: UTF8.self).contains("AADSTS90056"), "\(page.path)")
            }
            let me = try await send(client, "PUT", "/v1.0/me", token: nil)
            #expect(me.status == 405)
            let error = try #require(me.json["error"] as? [String: Any])
            #expect(error["code"] as? String == "Request_BadRequest")
            #expect(me.header("request-id") != nil)
        }
    }

    @Test func aPathUnderAnyFirstSegmentIsCheckedForItsTenant() async throws {
        // The router's `/:tenant/…` routes take any first segment, `_emulator` and `v1.0` too: the
        // middlewares read such a path as the router does, so its tenant is checked.
        try await withEmulator { client in
            for prefix in ["/_emulator", "/v1.0"] {
                let answer = try await client.raw(
                    method: "POST", url: URL(string: client.emulator.baseURL.absoluteString + prefix + "/oauth2/v2.0/initiate")!,
                    body: Data(EmulatorClient.formEncode([("client_id", client.clientId), ("username", "alice@example.com"),
                                                          ("challenge_type", "oob redirect")]).utf8),
                    headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer \(EmulatorClient.adminToken)"])
                ProtocolErrorTests.expectError(answer, "invalid_request", 90002)
            }
        }
    }

    @Test func everyKindOfAnswerEchoesTheClientRequestId() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"keys","status":503,"body":"busy"}"#)
            let requests: [(String, String, String?)] = [
                ("GET", "/emulator.onmicrosoft.com/discovery/v2.0/keys", nil),  // the fault
                ("GET", "/emulator.onmicrosoft.com/discovery/v2.0/keys", nil),  // the keys
                ("GET", "/contoso.onmicrosoft.com/oauth2/deviceauth", nil),  // an error page
                ("GET", "/emulator.onmicrosoft.com/oauth2/deviceauth", nil),  // a page
                ("GET", "/v1.0/me", nil),  // Graph's 401
                ("GET", "/_emulator/health", nil),  // the admin API's 401
                ("GET", "/_emulator/health", EmulatorClient.adminToken),  // the admin API
                ("GET", "/nowhere", nil),  // the 404
            ]
            for (index, (method, path, token)) in requests.enumerated() {
                var headers = ["client-request-id": "echo-\(index)"]
                if let token { headers["Authorization"] = "Bearer \(token)" }
                let answer = try await client.raw(method: method, url: URL(string: client.emulator.baseURL.absoluteString + path)!,
                                                  body: nil, headers: headers)
                #expect(answer.header("client-request-id") == "echo-\(index)", "\(method) \(path): \(answer.status)")
            }
        }
    }

    @Test func aFaultDoesNotReachTheAdminAPIOrThePages() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"*","status":500,"count":3}"#)
            #expect(try await client.admin("GET", "health").status == 200)
            #expect(try await send(client, "GET", "/emulator.onmicrosoft.com/oauth2/deviceauth", token: nil).status == 200)
            #expect(try await send(client, "GET", "/v1.0/me", token: nil).status == 401)
            // None of them took a use of the fault.
            #expect(try await client.admin("POST", "faults", json: #"{"endpoint":"token","status":500}"#).json["pending"] as? Int == 4)
        }
    }
}
