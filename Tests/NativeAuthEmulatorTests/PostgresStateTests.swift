import Foundation
@testable import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// Issue 34, item 2: any number of instances on one PostgreSQL database share users, flows, codes,
/// refresh tokens and the signing key; a database that cannot be used stops the start.
@Suite("State in PostgreSQL, shared by instances")
struct PostgresStateTests {
    static let needsPostgres = "needs PostgreSQL's programs (apt-get install postgresql)"

    /// Runs `body` with three emulators on the database of a private server (Tests/NativeAuthTestSupport).
    private func withThreeInstances(
        _ body: @Sendable (PostgresCluster, [EmulatorClient]) async throws -> Void
    ) async throws {
        let server = try await PostgresCluster.start()
        defer { server.stop() }
        let url = server.url
        try await withEmulator({ $0.database = url }) { a in
            try await withEmulator({ $0.database = url }) { b in
                try await withEmulator({ $0.database = url }) { c in
                    try await body(server, [a, b, c])
                }
            }
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func aSignInWhoseRequestsGoToThreeInstancesSucceeds() async throws {
        try await withThreeInstances { _, clients in
            let (a, b, c) = (clients[0], clients[1], clients[2])
            #expect(Set(clients.map(\.emulator.tenantId)).count == 1)
            let started = try #require(try await a.initiate("alice@example.com").string("continuation_token"))
            let challenged = try #require(try await b.challenge(started).string("continuation_token"))
            let tokens = try await c.submitCode(challenged, code: "12345678")
            #expect(tokens.status == 200)
            // The ID token C signed verifies with the key A publishes: one signing key.
            let kid = try JWT(try #require(tokens.string("id_token"))).header["kid"] as? String
            let keys = try await a.get(a.emulator.authority.appendingPathComponent("discovery/v2.0/keys"))
            #expect(((keys.json["keys"] as? [[String: Any]])?.first?["kid"] as? String) == kid)
            // A user one instance imports signs in on another.
            _ = try await a.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            #expect(try await c.signInOTP("erin@example.com").status == 200)
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func aRefreshTokenRotatedOnOneInstanceIsRefusedByTheOthers() async throws {
        try await withThreeInstances { _, clients in
            let (a, b, c) = (clients[0], clients[1], clients[2])
            let first = try #require(try await a.signInOTP().string("refresh_token"))
            let second = try #require(try await a.refresh(first).string("refresh_token"))
            for client in clients { client.emulator.advanceClock(by: 61) }  // past the reuse grace
            ProtocolErrorTests.expectError(try await b.refresh(first), "invalid_grant", 70000)
            // The reuse revoked the family everywhere.
            ProtocolErrorTests.expectError(try await c.refresh(second), "invalid_grant", 70000)
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func aV2SignInWhoseStepsGoToThreeInstancesSucceeds() async throws {
        try await withThreeInstances { _, clients in
            let (a, b, c) = (clients[0], clients[1], clients[2])
            let started = try await a.v2Start("sign_in", ["username": "alice@example.com"])
            let challenged = try await b.challengeMethod(started, type: "email")
            let verified = try await c.follow(challenged, "verify", ["otp": "12345678"])
            #expect(verified.string("state") == "continue", "\(verified.json)")
            let code = try #require(try await a.v2Resume(verified).string("code"))
            #expect(try await b.v2Token(code).status == 200)
            // The authorization code is spent for every instance.
            #expect(try await c.v2Token(code).status == 400)
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func theAttemptLimitsCountAcrossInstances() async throws {
        try await withThreeInstances { _, clients in
            let token = try await clients[0].startOTP()
            // maxCodeAttempts is 5: five wrong codes, each to the next instance, kill the flow.
            for attempt in 0..<4 {
                let wrong = try await clients[attempt % 3].submitCode(token, code: "99999999")
                ProtocolErrorTests.expectError(wrong, "invalid_grant", 50181, suberror: "invalid_oob_value")
            }
            ProtocolErrorTests.expectError(try await clients[1].submitCode(token, code: "99999999"), "invalid_grant", 50053)
            let right = try await clients[2].submitCode(token, code: "12345678")
            #expect(right.status == 400, "the flow should be dead after five wrong codes on three instances")
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func aServerRestartedMidRunFailsClearlyMeanwhileAndLosesNothing() async throws {
        try await withThreeInstances { server, clients in
            let (a, b) = (clients[0], clients[1])
            let refresh = try #require(try await a.signInOTP().string("refresh_token"))
            let started = try await a.startOTP()
            await server.stopServer()
            let meanwhile = try await b.initiate("alice@example.com")
            #expect(meanwhile.status == 500)
            let admin = try await b.admin("GET", "users")
            #expect(admin.status == 500 && admin.string("error") == "server_error", "\(admin.json)")
            #expect(admin.string("error_description")?.contains("postgres://postgres@127.0.0.1:\(server.port)/postgres") == true,
                    "\(admin.json)")
            let health = try await b.admin("GET", "health")
            #expect(health.status == 503 && health.string("error") == "server_error", "not ready while the database is down: \(health.json)")
            try await server.startServer()
            #expect(try await b.refresh(refresh).status == 200)
            #expect(try await b.submitCode(started, code: "12345678").status == 200)
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func aTenantMadeOnOneInstanceIsServedByTheOthers() async throws {
        try await withThreeInstances { _, clients in
            let (a, b, c) = (clients[0], clients[1], clients[2])
            let jobOnA = try await TenantTests.make("job42", on: a)
            let jobOnB = b.tenant(try #require(try b.emulator.tenants.tenant(named: "job42.onmicrosoft.com")))
            #expect(jobOnB.emulator.tenantId == jobOnA.emulator.tenantId && jobOnB.clientId == jobOnA.clientId)
            let token = try await jobOnA.startOTP()
            #expect(try await jobOnB.submitCode(token, code: "12345678").status == 200)
            // Removed on C: gone everywhere.
            #expect(try await c.admin("DELETE", "tenants/job42").status == 204)
            ProtocolErrorTests.expectError(try await jobOnB.initiate("alice@example.com"), "invalid_request", 90002)
        }
    }

    @Test(.enabled(if: PostgresCluster.enabled, Comment(rawValue: needsPostgres)))
    func aDatabaseThatDoesNotExistStopsTheStart() async throws {
        let server = try await PostgresCluster.start()
        defer { server.stop() }
        let missing = "postgres://postgres@127.0.0.1:\(server.port)/missing"
        let error = await #expect(throws: (any Error).self) {
            try await withEmulator({ $0.database = missing }) { _ in }
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("could not connect to \(missing)") && text.contains(#"database "missing" does not exist"#), "\(text)")
    }

    @Test func anUnreachableDatabaseStopsTheStart() async throws {
        let error = await #expect(throws: (any Error).self) {
            try await withEmulator({ $0.database = "postgres://tester@127.0.0.1:1/none" }) { _ in }
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("could not connect to postgres://tester@127.0.0.1:1/none"), "\(text)")
    }

    @Test(arguments: ["http://tester@127.0.0.1/db", "postgres://127.0.0.1/db", "postgres://tester@127.0.0.1"])
    func aDatabaseURLThatIsNotOneStopsTheStart(url: String) async throws {
        let error = await #expect(throws: (any Error).self) { try await withEmulator({ $0.database = url }) { _ in } }
        #expect("\(error.map { "\($0)" } ?? "")".contains("postgres://USER@HOST:PORT/DATABASE") || "\(error.map { "\($0)" } ?? "")".contains("names no database"))
    }

    @Test("sslmode is libpq's: disable turns TLS off, require and verify-* require it, none prefers it; any other is refused; the location shown never has the password")
    func sslModeIsHonouredAndAMisspeltOneRefused() throws {
        let base = "postgres://tester:hunter2pw@127.0.0.1:5432/db"
        let (disabled, location) = try PostgresStateDatabase.configuration(base + "?sslmode=disable")
        #expect(!disabled.tls.isAllowed)
        #expect(location == "postgres://tester@127.0.0.1:5432/db?sslmode=disable")
        for mode in ["require", "verify-ca", "verify-full"] {
            #expect(try PostgresStateDatabase.configuration(base + "?sslmode=\(mode)").0.tls.isEnforced, "\(mode)")
        }
        for url in [base, base + "?sslmode=prefer", base + "?sslmode=allow"] {
            let tls = try PostgresStateDatabase.configuration(url).0.tls
            #expect(tls.isAllowed && !tls.isEnforced, "\(url)")
        }
        for mode in ["verify_full", "bogus", ""] {
            let error = #expect(throws: PersistenceError.self) { try PostgresStateDatabase.configuration(base + "?sslmode=\(mode)") }
            #expect(error?.description.contains("sslmode") == true)
            #expect(error?.description.contains("hunter2pw") == false)
        }
    }
}
