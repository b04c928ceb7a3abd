import Foundation
@testable import NativeAuthEmulator
import Testing

/// Issue 34, item 3: one instance serves several tenants (one per CI job), each with its own users,
/// application, policy, signing key, codes and request log; nothing of one is seen or used from another.
@Suite("Tenants per job")
struct TenantTests {
    /// Makes the tenant `subdomain` with the admin API and returns a client of it.
    static func make(_ subdomain: String, on client: EmulatorClient) async throws -> EmulatorClient {
        let made = try await client.admin("POST", "tenants", json: #"{"subdomain":"\#(subdomain)"}"#)
        try #require(made.status == 201, "\(String(decoding: made.body, as: UTF8.self))")
        let core = try #require(try client.emulator.tenants.tenant(named: "\(subdomain).onmicrosoft.com"))
        return client.tenant(core)
    }

    @Test func aTenantIsMadeReachedByItsDomainOrGUIDAndRemoved() async throws {
        try await withEmulator { client in
            let made = try await client.admin("POST", "tenants", json: #"{"subdomain":"Job42"}"#)
            #expect(made.status == 201)
            #expect(made.string("subdomain") == "job42")
            #expect(made.string("authority") == client.emulator.baseURL.absoluteString + "/job42.onmicrosoft.com")
            let tenantId = try #require(made.string("tenantId"))
            let clientId = try #require(made.string("clientId"))
            #expect(tenantId != client.emulator.tenantId && clientId != EmulatorConfiguration.defaultClientId)
            let job = client.tenant(try #require(try client.emulator.tenants.tenant(named: tenantId)))
            #expect(job.clientId == clientId)
            // The demo users, under its domain and under its GUID.
            #expect(try await job.signInOTP().status == 200)
            let byId = try await job.raw(
                method: "POST", url: client.emulator.baseURL.appendingPathComponent("\(tenantId)/oauth2/v2.0/initiate"),
                body: Data(EmulatorClient.formEncode([("client_id", clientId), ("username", "bob@example.com"),
                                                      ("challenge_type", "password redirect")]).utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(byId.status == 200)
            // Its admin API: its own health, its own request log.
            #expect(try await job.admin("GET", "health").string("tenantId") == tenantId)
            let listed = try await client.admin("GET", "tenants")
            #expect((listed.json["tenants"] as? [[String: Any]])?.compactMap { $0["subdomain"] as? String } == ["emulator", "job42"])
            // Refusals.
            #expect(try await client.admin("POST", "tenants", json: #"{"subdomain":"job42"}"#).status == 409)
            #expect(try await client.admin("POST", "tenants", json: #"{"subdomain":"emulator"}"#).status == 409)
            #expect(try await client.admin("POST", "tenants", json: #"{"subdomain":"no spaces"}"#).status == 400)
            // A GUID-shaped subdomain, another tenant's ID among them, would name a tenant by its ID.
            for guid in [tenantId, UUID().uuidString] {
                let shaped = try await client.admin("POST", "tenants", json: #"{"subdomain":"\#(guid)"}"#)
                #expect(shaped.status == 400 && shaped.string("error_description")?.contains("GUID") == true, "\(shaped.json)")
            }
            #expect(try await client.admin("DELETE", "tenants/emulator").status == 400)
            #expect(try await client.admin("DELETE", "tenants/nobody").status == 404)
            // Removed: its paths are an unknown tenant again.
            #expect(try await client.admin("DELETE", "tenants/job42").status == 204)
            ProtocolErrorTests.expectError(try await job.initiate("alice@example.com"), "invalid_request", 90002)
            #expect(try await client.signInOTP().status == 200)
        }
    }

    @Test func twoTenantsWithTheSameUsernameCannotSeeOrUseEachOthersCodesTokensOrUsers() async throws {
        try await withEmulator { client in
            let one = try await Self.make("job1", on: client)
            let two = try await Self.make("job2", on: client)
            // The same username is two users, with IDs of their own tenant.
            let ids = try await [one, two].asyncMap { job in
                try #require(try await job.admin("GET", "users").json["users"] as? [[String: Any]])
                    .first { $0["username"] as? String == "alice@example.com" }?["id"] as? String
            }
            #expect(ids[0] != nil && ids[0] != ids[1])
            #expect(ids[0] == UserRecord.stableID(username: "alice@example.com", tenantId: one.emulator.tenantId))
            // A continuation token of one is nothing to the other.
            let token = try await one.startOTP()
            #expect(try await two.submitCode(token, code: "12345678").status == 400)
            #expect(try await two.challenge(token).status == 400)
            // The code sent in one is not listed by the other.
            let codesOne = try await one.admin("GET", "codes?username=alice@example.com")
            let codesTwo = try await two.admin("GET", "codes?username=alice@example.com")
            #expect((codesOne.json["codes"] as? [Any])?.count == 1)
            #expect((codesTwo.json["codes"] as? [Any])?.isEmpty == true)
            // A refresh token of one is refused by the other, and its application too.
            let refresh = try #require(try await one.submitCode(token, code: "12345678").string("refresh_token"))
            ProtocolErrorTests.expectError(try await two.refresh(refresh), "invalid_grant", 70000)
            var wrongApp = two
            wrongApp.clientId = one.clientId
            #expect(try await wrongApp.initiate("alice@example.com").status == 400)
            // A user one imports is unknown to the other.
            _ = try await one.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            #expect(try await one.signInOTP("erin@example.com").status == 200)
            #expect(try await two.initiate("erin@example.com").string("error") == "user_not_found")
            // Each request log holds its own tenant's requests only.
            let logTwo = try #require(try await two.admin("GET", "requests").json["requests"] as? [[String: Any]])
            #expect(!logTwo.isEmpty && logTwo.allSatisfy { ($0["path"] as? String)?.hasPrefix("/job2.onmicrosoft.com/") == true })
            // Removing one leaves the other whole.
            #expect(try await client.admin("DELETE", "tenants/job1").status == 204)
            #expect(try await two.signInOTP().status == 200)
        }
    }

    @Test func aTenantsDemoUsersKeepTheirIDsAcrossAReset() async throws {
        try await withEmulator { client in
            let job = try await Self.make("job7", on: client)
            let before = try await Self.ids(job)
            _ = try await job.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            #expect(try await job.admin("POST", "reset").status == 200)
            let after = try await Self.ids(job)
            #expect(before.count == 6 && after == before)
            #expect(after["alice@example.com"] == UserRecord.stableID(username: "alice@example.com", tenantId: job.emulator.tenantId))
            #expect(after["alice@example.com"] != (try await Self.ids(client))["alice@example.com"])
        }
    }

    @Test func anUnknownOrRemovedTenantIsA404AndNeverTheDemoTenant() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            let demoUsers = try await Self.ids(client)
            let removed = try await Self.make("job42", on: client)
            #expect(try await client.admin("DELETE", "tenants/job42").status == 204)
            var typo = client
            typo.adminTenant = "typo"
            var nosuch = client
            nosuch.adminTenant = "nosuch"
            // A read, a reset and an import, each to a tenant that is not there.
            let answers = [
                ("typo", try await typo.admin("GET", "health")),
                ("job42", try await removed.admin("POST", "reset")),
                ("nosuch", try await nosuch.admin("POST", "import", json: #"{"users":[{"username":"x@example.com","method":"otp"}]}"#)),
            ]
            for (name, answer) in answers {
                #expect(answer.status == 404)
                #expect(answer.string("error") == "not_found")
                #expect(answer.string("error_description")?.contains("no tenant \(name)") == true)
            }
            // The demo tenant is untouched, and is still the one without ?tenant=.
            #expect(try await Self.ids(client) == demoUsers)
            #expect(try await client.admin("GET", "health").string("tenantId") == client.emulator.tenantId)
            // Without the token, the gate answers first: nothing says which tenants exist.
            #expect(try await typo.admin("GET", "health", token: nil).status == 401)
            // The console names the missing tenant on a page of its own.
            let page = try await typo.admin("GET", "console/users")
            #expect(page.status == 404)
            #expect(String(decoding: page.body, as: UTF8.self).contains("no tenant typo"))
        }
    }

    @Test func aTenantTheDatabaseCannotLookUpIsA500AndNeverTheDemoTenant() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            _ = try await client.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            let before = try await Self.ids(client)
            #expect(before["erin@example.com"] != nil)
            // Another writer breaks the table of tenants: the look-up of a tenant by ID fails.
            try StoredState.execute(directory, "ALTER TABLE emulator_tenants RENAME TO emulator_tenants_gone")
            var broken = client
            broken.adminTenant = UUID().uuidString
            let answer = try await broken.admin("POST", "reset")
            try StoredState.execute(directory, "ALTER TABLE emulator_tenants_gone RENAME TO emulator_tenants")
            #expect(answer.status == 500 && answer.string("error_description")?.contains("could not be looked up") == true,
                    "\(String(decoding: answer.body, as: UTF8.self))")
            // Mended, the demo tenant holds what it held (erin too): the reset did not reach it.
            #expect(try await Self.ids(client) == before)
        }
    }

    /// Two instances on one state folder: a tenant the second has served and the first removes is a
    /// 404 on the second too (not kept from its memory), and its reset brings nothing back.
    @Test func aTenantAnotherInstanceRemovedIsA404HereToo() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { one in
            try await withEmulator({ $0.stateDirectory = directory }) { two in
                _ = try await Self.make("job5", on: one)
                var job = two
                job.adminTenant = "job5"
                #expect(try await job.admin("GET", "users").status == 200, "the second instance serves job5")
                #expect(try await one.admin("DELETE", "tenants/job5").status == 204)
                for answer in [try await job.admin("POST", "reset"), try await job.admin("GET", "users")] {
                    #expect(answer.status == 404 && answer.string("error") == "not_found", "\(String(decoding: answer.body, as: UTF8.self))")
                }
                let listed = try await one.admin("GET", "tenants")
                #expect((listed.json["tenants"] as? [[String: Any]])?.compactMap { $0["subdomain"] as? String } == ["emulator"])
            }
        }
    }

    /// Two instances on one state folder: a tenant the second has served, which the first removes and
    /// makes again, is served by the second as it is now (its new application and key), never as it was.
    @Test func aTenantAnotherInstanceMadeAgainIsServedAsItIsNow() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { one in
            try await withEmulator({ $0.stateDirectory = directory }) { two in
                let first = try await Self.make("job6", on: one)
                let stale = two.tenant(try #require(try two.emulator.tenants.tenant(named: "job6.onmicrosoft.com")))
                #expect(try await stale.signInOTP().status == 200, "the second instance serves job6")
                #expect(try await one.admin("DELETE", "tenants/job6").status == 204)
                let again = try await Self.make("job6", on: one)
                #expect(again.clientId != first.clientId)

                let fresh = try #require(try two.emulator.tenants.tenant(named: "job6.onmicrosoft.com"))
                #expect(fresh.tenantId == again.emulator.tenantId && fresh.clientId == again.clientId)
                #expect(try await two.tenant(fresh).signInOTP().status == 200)
                ProtocolErrorTests.expectError(try await stale.initiate("alice@example.com"), "unauthorized_client", 700016)
                // The old tenant's GUID names nothing any more; a user added through the second lands in the new tenant.
                #expect(try two.emulator.tenants.tenant(named: first.emulator.tenantId) == nil)
                var admin = two
                admin.adminTenant = "job6"
                _ = try await admin.admin("POST", "users", json: #"{"users":[{"username":"ghost@example.com","method":"otp"}]}"#)
                #expect(try await Self.ids(again)["ghost@example.com"] != nil)
            }
        }
    }

    /// The users' object IDs, by username.
    static func ids(_ client: EmulatorClient) async throws -> [String: String] {
        (try await client.admin("GET", "users").json["users"] as? [[String: Any]] ?? [])
            .reduce(into: [:]) { $0[$1["username"] as? String ?? ""] = $1["id"] as? String }
    }

    @Test func tenantsPersistInTheStateFolder() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tenantId = try await withEmulator({ $0.stateDirectory = directory }) { client in
            let job = try await Self.make("job9", on: client)
            _ = try await job.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            return job.emulator.tenantId
        }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            let job = client.tenant(try #require(try client.emulator.tenants.tenant(named: tenantId)))
            #expect(try await job.signInOTP("erin@example.com").status == 200)
            #expect(try await client.initiate("erin@example.com").string("error") == "user_not_found")
        }
    }
}

extension Array {
    /// `map` with an asynchronous transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
