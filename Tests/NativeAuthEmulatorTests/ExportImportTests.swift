import Foundation
@testable import NativeAuthEmulator
import Testing

/// Issue 34, item 5: `GET /_emulator/export` and `POST /_emulator/import` carry a tenant's users (IDs,
/// password hashes, attributes, methods, second factors) and policies, so that an export imported
/// and exported again is the same bytes.
@Suite("Export and import")
struct ExportImportTests {
    static let policy = #"""
        {"signUp": {"method": "password", "attributes": [{"name": "displayName", "required": true}, {"name": "city", "required": true}]},
         "passwordReset": {"pendingPolls": 3, "pollInterval": 2},
         "authenticationContexts": [{"id": "c1", "secondFactor": true}]}
        """#

    @Test func anExportImportedIntoAnotherTenantIsExportedAsTheSameBytes() async throws {
        let seed = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-seed-\(UUID().uuidString).json")
        try Data(Self.policy.utf8).write(to: seed)
        defer { try? FileManager.default.removeItem(at: seed) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            _ = try await client.admin("POST", "users", json: #"""
                {"users":[
                  {"username":"carol@example.com","method":"password","password":"S3cret!!","displayName":"Carol","attributes":{"city":"Dublin","score":7}},
                  {"username":"gina@example.com","method":"password","password":"S3cret!!",
                   "mfa":{"methods":[{"channel":"email","target":"gina@example.com"},{"channel":"sms","target":"+1 425 555 0101"}]}},
                  {"username":"hugo@example.com","method":"password","password":"S3cret!!","mfa":{"register":true}},
                  {"username":"olga@example.com","method":"otp","browserOnly":true,"mfa":{"methods":[{"channel":"sms","target":"+14255550102"}],"onlyForContexts":true}}]}
                """#)
            let first = try await client.admin("GET", "export")
            #expect(first.status == 200)
            let copy = try await TenantTests.make("copy", on: client)
            let imported = try await copy.admin("POST", "import", json: String(decoding: first.body, as: UTF8.self))
            #expect(imported.status == 200 && imported.json["imported"] as? Int == 10, "\(imported.json)")
            let second = try await copy.admin("GET", "export")
            #expect(second.body == first.body, "\(String(decoding: second.body, as: UTF8.self))")
            let again = try await TenantTests.make("again", on: client)
            _ = try await again.admin("POST", "import", json: String(decoding: second.body, as: UTF8.self))
            #expect(try await again.admin("GET", "export").body == second.body)
            // What it carried works: a password, the policy (a password sign-up that asks for the city).
            let token = try #require(try await copy.initiate("carol@example.com").string("continuation_token"))
            let challenge = try #require(try await copy.challenge(token).string("continuation_token"))
            #expect(try await copy.submitPassword(challenge, password: "S3cret!!").status == 200)
            #expect(copy.emulator.core.tenantPolicy == client.emulator.core.tenantPolicy)
            let expected = try PasswordResetSettings(client.emulator.core.configuration, seed: .init(pendingPolls: 3, pollInterval: 2))
            #expect(copy.emulator.core.passwordReset == expected)
        }
    }

    @Test func anImportReplacesTheUsersAndDropsTheFlows() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            let exported = try await client.admin("GET", "export")
            var object = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            object["users"] = (object["users"] as? [[String: Any]])?.filter { $0["username"] as? String != "bob@example.com" }
            let body = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            #expect(try await client.admin("POST", "import", json: body).status == 200)
            #expect(try await client.initiate("bob@example.com").string("error") == "user_not_found")
            #expect(try await client.submitCode(token, code: "12345678").status == 400)
            #expect(try await client.signInOTP().status == 200)
            #expect(try await client.admin("POST", "import", json: #"{"users":[{"id":"nope","username":"x@example.com","method":"otp"}]}"#).status == 400)
        }
    }

    /// Files of two users that the emulator would take for one, and what the refusal names.
    static let inconsistent: [(file: String, names: String)] = [
        (#"{"users":[{"id":"6f1d2c3b-0000-4000-8000-000000000001","username":"one@example.com","method":"otp"},"#
            + #"{"id":"6F1D2C3B-0000-4000-8000-000000000001","username":"two@example.com","method":"otp"}]}"#,
         "6f1d2c3b-0000-4000-8000-000000000001"),
        (#"{"users":[{"username":"erin@example.com","method":"otp"},{"username":"ERIN@example.com","method":"otp"}]}"#,
         "ERIN@example.com"),
        (#"{"users":[{"username":"erin@example.com","method":"otp"},{"username":"\uFF45rin@example.com","method":"otp"}]}"#,
         "\u{FF45}rin@example.com"),
    ]

    @Test func aFileOfTwoUsersThatAreOneIsRefusedAndChangesNothing() async throws {
        try await withEmulator { client in
            let before = try await client.admin("GET", "export").body
            for (file, name) in Self.inconsistent {
                for endpoint in ["import", "users"] {
                    let answer = try await client.admin("POST", endpoint, json: file)
                    #expect(answer.status == 400, "\(endpoint): \(answer.json)")
                    #expect(answer.string("error_description")?.contains(name) == true, "\(answer.json)")
                }
            }
            #expect(try await client.admin("GET", "export").body == before)
            // Nor may an added user take the object ID of another.
            let aliceId = try #require(try await TenantTests.ids(client)["alice@example.com"])
            let taker = try await client.admin("POST", "users", json: #"{"users":[{"id":"\#(aliceId)","username":"erin@example.com","method":"otp"}]}"#)
            #expect(taker.status == 400 && taker.string("error_description")?.contains("alice@example.com") == true, "\(taker.json)")
            #expect(try await client.admin("GET", "export").body == before)
        }
    }

    @Test func theStateImportRefusesTheSameFiles() throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = EmulatorConfiguration()
        configuration.stateDirectory = directory
        let before = try Emulator.exportState(configuration)
        for (file, name) in Self.inconsistent {
            #expect { try Emulator.importState(configuration, export: Data(file.utf8)) } throws: { error in
                "\(error)".contains(name)
            }
        }
        #expect(try Emulator.exportState(configuration) == before)
    }

    @Test func tenThousandUsersRoundTripThroughTheStateFolder() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hash = PasswordHasher.hash("S3cret!!")
        var users: [[String: Any]] = []
        for index in 0..<10_000 {
            var user: [String: Any] = ["id": UUID().uuidString.lowercased(), "username": "user\(index)@example.com",
                                       "displayName": "User \(index)", "attributes": ["city": "City \(index % 97)"]]
            if index % 10 == 0 {
                user["method"] = "password"
                user["passwordHash"] = hash
                if index % 20 == 0 { user["mfa"] = ["methods": [["id": UUID().uuidString.lowercased(), "channel": "sms", "target": "+1425555\(String(format: "%04d", index % 10_000))"]]] }
            } else {
                user["method"] = "otp"
            }
            users.append(user)
        }
        let file = String(decoding: try JSONSerialization.data(withJSONObject: ["users": users]), as: UTF8.self)
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            let one = try await TenantTests.make("one", on: client)
            let imported = try await one.admin("POST", "import", json: file)
            #expect(imported.json["imported"] as? Int == 10_000, "\(imported.json)")
            let first = try await one.admin("GET", "export")
            let two = try await TenantTests.make("two", on: client)
            _ = try await two.admin("POST", "import", json: String(decoding: first.body, as: UTF8.self))
            let second = try await two.admin("GET", "export")
            #expect(second.body == first.body)
            #expect((second.json["users"] as? [Any])?.count == 10_000)
            #expect(try await two.signInOTP("user1@example.com").status == 200)
        }
        // And the second tenant's users are in the database: a new instance exports the same bytes.
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            let two = client.tenant(try #require(try client.emulator.tenants.tenant(named: "two.onmicrosoft.com")))
            let exported = try await two.admin("GET", "export")
            #expect((exported.json["users"] as? [Any])?.count == 10_000)
        }
    }
}
