import Foundation
import NativeAuthEmulator
import Testing

@Suite("Malformed requests get a 400 with a protocol error body")
struct MalformedRequestTests {
    func send(_ client: EmulatorClient, _ path: String, body: String, contentType: String?) async throws -> HTTPResult {
        var headers: [String: String] = [:]
        if let contentType { headers["Content-Type"] = contentType }
        return try await client.raw(method: "POST", url: client.emulator.authority.appendingPathComponent(path),
                                    body: Data(body.utf8), headers: headers)
    }

    @Test(arguments: ["oauth2/v2.0/initiate", "oauth2/v2.0/challenge", "oauth2/v2.0/token"])
    func wrongContentType(_ path: String) async throws {
        try await withEmulator { client in
            let json = try await send(client, path, body: #"{"client_id":"x"}"#, contentType: "application/json")
            ProtocolErrorTests.expectError(json, "invalid_request", 9002313)
            let none = try await send(client, path, body: "client_id=x", contentType: "text/plain")
            ProtocolErrorTests.expectError(none, "invalid_request", 9002313)
        }
    }

    @Test(arguments: ["username=%ZZ", "username=%4", "username=abc%", "username=%C3%28"])
    func badPercentEncoding(_ body: String) async throws {
        try await withEmulator { client in
            let result = try await send(client, "oauth2/v2.0/initiate",
                                        body: "client_id=\(EmulatorConfiguration.defaultClientId)&challenge_type=oob+redirect&" + body,
                                        contentType: "application/x-www-form-urlencoded")
            ProtocolErrorTests.expectError(result, "invalid_request", 9002313)
        }
    }

    @Test(arguments: ["oauth2/v2.0/initiate", "oauth2/v2.0/challenge", "oauth2/v2.0/token"])
    func emptyBody(_ path: String) async throws {
        try await withEmulator { client in
            let result = try await send(client, path, body: "", contentType: "application/x-www-form-urlencoded")
            ProtocolErrorTests.expectError(result, "invalid_request", 90100)
        }
    }

    @Test func contentTypeWithCharsetIsAccepted() async throws {
        try await withEmulator { client in
            let body = EmulatorClient.formEncode([("client_id", client.clientId), ("username", "alice@example.com"),
                                                  ("challenge_type", "oob redirect")])
            let result = try await send(client, "oauth2/v2.0/initiate", body: body,
                                        contentType: "application/x-www-form-urlencoded; charset=utf-8")
            #expect(result.status == 200)
        }
    }

    @Test func missingFieldsNameTheParameter() async throws {
        try await withEmulator { client in
            let id = client.clientId
            let cases: [(String, [(String, String)], String)] = [
                ("oauth2/v2.0/initiate", [("client_id", id), ("username", "alice@example.com")], "challenge_type"),
                ("oauth2/v2.0/challenge", [("client_id", id)], "continuation_token"),
                ("oauth2/v2.0/token", [("client_id", id)], "grant_type"),
                ("oauth2/v2.0/token", [("client_id", id), ("grant_type", "oob"), ("continuation_token", "x"), ("scope", "openid")], "oob"),
                ("oauth2/v2.0/token", [("client_id", id), ("grant_type", "oob"), ("oob", "1"), ("scope", "openid")], "continuation_token"),
                ("oauth2/v2.0/token", [("client_id", id), ("grant_type", "password"), ("continuation_token", "x"), ("scope", "openid")], "password"),
                ("oauth2/v2.0/token", [("client_id", id), ("grant_type", "oob"), ("oob", "1"), ("continuation_token", "x"), ("scope", "")], "scope"),
                ("oauth2/v2.0/token", [("client_id", id), ("grant_type", "refresh_token")], "refresh_token"),
            ]
            for (path, fields, missing) in cases {
                let result = try await client.post(path, fields)
                ProtocolErrorTests.expectError(result, "invalid_request", 900144)
                #expect(result.string("error_description")?.contains("'\(missing)'") == true, "\(path) without \(missing)")
            }
        }
    }

    @Test func duplicateFieldsAreRejected() async throws {
        try await withEmulator { client in
            let result = try await send(client, "oauth2/v2.0/initiate", body: "client_id=a&client_id=b",
                                        contentType: "application/x-www-form-urlencoded")
            ProtocolErrorTests.expectError(result, "invalid_request", 9002313)
        }
    }

    @Test func wrongMethodAndUnknownPathGetJSONErrors() async throws {
        try await withEmulator { client in
            let get = try await client.get(client.emulator.authority.appendingPathComponent("oauth2/v2.0/initiate"))
            #expect(get.status == 405)
            #expect(get.string("error") == "invalid_request")
            let missing = try await client.get(client.emulator.authority.appendingPathComponent("oauth2/v2.0/nope"))
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == "application/json")
            #expect(missing.string("error_description")?.hasPrefix("AADSTS") == true)
        }
    }

    @Test func oversizedBodyIsRejected() async throws {
        try await withEmulator { client in
            let big = "client_id=" + String(repeating: "a", count: 70_000)
            let result = try await send(client, "oauth2/v2.0/initiate", body: big, contentType: "application/x-www-form-urlencoded")
            ProtocolErrorTests.expectError(result, "invalid_request", 9002313)
        }
    }
}
