import Foundation
import NativeAuthEmulator
import Testing

@Suite("Admin API")
struct AdminTests {
    @Test func healthReportsReady() async throws {
        try await withEmulator { client in
            let health = try await client.admin("GET", "health")
            #expect(health.status == 200)
            #expect(health.json["ready"] as? Bool == true)
            #expect(health.string("tenantId") == client.emulator.tenantId)
            #expect(health.string("authority") == client.emulator.authority.absoluteString)
        }
    }

    @Test func codesListsNewestLastWithValidity() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            _ = try await client.submitCode(token, code: "12345678")
            _ = try await client.startOTP()
            let result = try await client.admin("GET", "codes?username=ALICE@example.com")
            let codes = try #require(result.json["codes"] as? [[String: Any]])
            #expect(codes.count == 2)
            #expect(codes.map { $0["valid"] as? Bool } == [false, true])
            #expect(codes.allSatisfy { $0["code"] as? String == "12345678" && $0["sentAt"] is String && $0["expiresAt"] is String })
            #expect(try await client.admin("GET", "codes").status == 400)
        }
    }

    @Test func requestLogRedactsSecrets() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            _ = try await client.submitCode(token, code: "12345678")
            let body = String(decoding: try await client.admin("GET", "requests").body, as: UTF8.self)
            #expect(!body.contains("12345678"))
            #expect(!body.contains(token))
            let log = try #require(try await client.admin("GET", "requests").json["requests"] as? [[String: Any]])
            #expect(log.count == 3)
            let last = try #require(log.last)
            #expect(last["path"] as? String == "/emulator.onmicrosoft.com/oauth2/v2.0/token")
            #expect(last["status"] as? Int == 200)
            let fields = try #require(last["fields"] as? [String: String])
            #expect(fields["oob"] == "<redacted>")
            #expect(fields["continuation_token"] == "<redacted>")
            #expect(fields["grant_type"] == "oob")
        }
    }

    @Test func requestLogRedactsEveryFieldNamedAsASecret() async throws {
        try await withEmulator { client in
            let secrets = ["client_secret", "assertion", "client_assertion", "access_token", "id_token", "Some_Token",
                           "my_secret_value", "New_Password"]
            let form = [("client_id", client.clientId), ("grant_type", "password"), ("username", "alice@example.com")]
                + secrets.map { ($0, "value-of-\($0)") }
            _ = try await client.raw(method: "POST", url: client.emulator.authority.appendingPathComponent("oauth2/v2.0/token"),
                                     body: Data(EmulatorClient.formEncode(form).utf8),
                                     headers: ["Content-Type": "application/x-www-form-urlencoded"])
            let answer = try await client.admin("GET", "requests")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("value-of-"))
            let log = try #require(answer.json["requests"] as? [[String: Any]])
            let fields = try #require(log.last?["fields"] as? [String: String])
            for name in secrets { #expect(fields[name] == "<redacted>", "\(name)") }
            #expect(fields["grant_type"] == "password" && fields["username"] == "alice@example.com")
        }
    }

    @Test func aBodyOverTheLimitIsTheAdminAPIs413OnEveryRoute() async throws {
        try await withEmulator { client in
            let oversized = #"{"subdomain":""# + String(repeating: "a", count: 1 << 20) + #""}"#
            for path in ["tenants", "faults", "users", "clock/advance"] {
                let answer = try await client.admin("POST", path, json: oversized)
                #expect(answer.status == 413, "\(path)")
                #expect(answer.string("error") == "invalid_request" && answer.string("error_description")?.contains("1 MiB") == true,
                        "\(path): \(String(decoding: answer.body, as: UTF8.self))")
            }
        }
    }

    @Test func usersCanBeImportedExportedAndReset() async throws {
        try await withEmulator { client in
            let initial = try #require(try await client.admin("GET", "users").json["users"] as? [[String: Any]])
            #expect(initial.compactMap { $0["username"] as? String } == ["alice@example.com", "bob@example.com", "mfauser@example.com",
                                                                            "registeruser@example.com", "smsuser@example.com", "webuser@example.com"])
            #expect(initial.allSatisfy { $0["password"] == nil })

            let imported = try await client.admin("POST", "users", json: """
                {"users":[{"username":"carol@example.com","method":"password","password":"S3cret!!","displayName":"Carol"}]}
                """)
            #expect(imported.json["imported"] as? Int == 1)
            let started = try await client.initiate("carol@example.com")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            let token = try #require(challenged.string("continuation_token"))
            #expect(try await client.submitPassword(token, password: "S3cret!!").status == 200)

            #expect(try await client.admin("POST", "users", json: #"{"users":[{"username":"x@example.com","method":"password"}]}"#).status == 400)

            #expect(try await client.admin("POST", "reset").status == 200)
            #expect(try await client.initiate("carol@example.com").string("error") == "user_not_found")
        }
    }

    @Test func exportedUsersReimportWithTheirPasswords() async throws {
        let exported = try await withEmulator { client in
            try await client.admin("GET", "users").body
        }
        try await withEmulator { client in
            _ = try await client.admin("POST", "reset")
            let body = String(decoding: exported, as: UTF8.self)
            #expect(try await client.admin("POST", "users", json: body).json["imported"] as? Int == 6)
            #expect(try await client.initiate("webuser@example.com").string("challenge_type") == "redirect", "browserOnly survives the export")
            let started = try await client.initiate("bob@example.com")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            let token = try #require(challenged.string("continuation_token"))
            #expect(try await client.submitPassword(token, password: "Passw0rd!").status == 200)
            // The second factors survive too: without the capability, the password is answered with the redirect.
            let mfaStarted = try await client.initiate("mfauser@example.com")
            let mfaChallenged = try await client.challenge(try #require(mfaStarted.string("continuation_token")))
            let mfaAnswer = try await client.submitPassword(try #require(mfaChallenged.string("continuation_token")), password: "Passw0rd!")
            #expect(mfaAnswer.string("redirect_reason") == "Client is missing mfa_required capability")
        }
    }

    @Test func seedFileIsImportedAtStart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("users.json")
        try Data(#"{"users":[{"username":"dave@example.com","method":"otp","displayName":"Dave"}]}"#.utf8).write(to: seed)
        try await withEmulator({ $0.seedFile = seed }) { client in
            let tokens = try await client.signInOTP("dave@example.com")
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(id.claims["name"] as? String == "Dave")
        }
    }

    @Test func unknownAdminEndpointIs404() async throws {
        try await withEmulator { client in
            let missing = try await client.admin("GET", "nope")
            #expect(missing.status == 404)
        }
    }
}
