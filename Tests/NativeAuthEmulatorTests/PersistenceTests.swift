import Foundation
import NativeAuthEmulator
import Testing

@Suite("Persistence in a state directory")
struct PersistenceTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-emulator-\(UUID().uuidString)")
    }

    @Test func stateSurvivesStopAndStart() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (refreshToken, kid, tenant) = try await withEmulator({ $0.stateDirectory = directory }) { client in
            let tokens = try await client.signInOTP()
            let refreshToken = try #require(tokens.string("refresh_token"))
            let idToken = try JWT(try #require(tokens.string("id_token")))
            let kid = try #require(idToken.header["kid"] as? String)
            _ = try await client.admin("POST", "users", json: #"{"users":[{"username":"erin@example.com","method":"otp"}]}"#)
            return (refreshToken, kid, client.emulator.tenantId)
        }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            #expect(client.emulator.tenantId == tenant)
            let refreshed = try await client.refresh(refreshToken)
            #expect(refreshed.status == 200)
            #expect(try JWT(try #require(refreshed.string("id_token"))).header["kid"] as? String == kid)
            #expect(try await client.signInOTP("erin@example.com").status == 200)
        }
    }

    @Test func filesArePrivate() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            _ = try await client.signInOTP()
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("state.sqlite") }
        #expect(names.contains("state.sqlite"))
        for name in names {
            let file = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(name)")
            let contents = try Data(contentsOf: directory.appendingPathComponent(name))
            #expect(contents.range(of: Data("Passw0rd!".utf8)) == nil, "\(name)")
        }
    }

    @Test func twoInstancesOnOneDirectoryShareRotatedRefreshTokens() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { clientA in
            try await withEmulator({ $0.stateDirectory = directory }) { clientB in
                let a = clientA.emulator, b = clientB.emulator
                #expect(a.tenantId == b.tenantId)
                let first = try #require(try await clientA.signInOTP().string("refresh_token"))
                let second = try #require(try await clientA.refresh(first).string("refresh_token"))
                // B sees A's rotation (the new token works there), and A sees B's.
                let third = try #require(try await clientB.refresh(second).string("refresh_token"))
                let fourth = try #require(try await clientA.refresh(third).string("refresh_token"))
                // Past the reuse grace, the first token presented to B is refused and revokes its family,
                // which A sees too.
                a.advanceClock(by: 61)
                b.advanceClock(by: 61)
                ProtocolErrorTests.expectError(try await clientB.refresh(first), "invalid_grant", 70000)
                ProtocolErrorTests.expectError(try await clientA.refresh(fourth), "invalid_grant", 70000)
                // A flow started on A can finish on B.
                let token = try await clientA.startOTP()
                #expect(try await clientB.submitCode(token, code: "12345678").status == 200)
            }
        }
    }

    @Test func concurrentRefreshesOfOneTokenGetOneSuccessorThenRevokeIt() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { a in
            try await withEmulator({ $0.stateDirectory = directory }) { b in
                let refresh = try #require(try await a.signInOTP().string("refresh_token"))
                let results = try await withThrowingTaskGroup(of: HTTPResult.self) { group in
                    for client in [a, b, a, b] {
                        group.addTask { try await client.refresh(refresh) }
                    }
                    return try await group.reduce(into: [HTTPResult]()) { $0.append($1) }
                }
                // One exchange, one resend within the grace (the same successor), then reuse: the family is revoked.
                #expect(results.map(\.status).sorted() == [200, 200, 400, 400])
                let successors = Set(results.compactMap { $0.string("refresh_token") })
                #expect(successors.count == 1)
                let successor = try #require(successors.first)
                ProtocolErrorTests.expectError(try await b.refresh(successor), "invalid_grant", 70000)
            }
        }
    }

    @Test("One instance's clock moved forward, then back, removes nothing another instance still serves: its refresh tokens and flows")
    func oneInstancesClockLeavesAnothersRecordsAlone() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { clientA in
            try await withEmulator({ $0.stateDirectory = directory }) { clientB in
                let refresh = try #require(try await clientB.signInOTP().string("refresh_token"))
                let flow = try await clientB.startOTP()
                // Three days ahead on A, a request there (which purges what it finds expired), and back.
                clientA.emulator.advanceClock(by: 3 * 86_400)
                _ = try await clientA.startOTP()
                clientA.emulator.advanceClock(by: -3 * 86_400)
                _ = try await clientA.startOTP()
                #expect(try await clientB.submitCode(flow, code: "12345678").status == 200)
                #expect(try await clientB.refresh(refresh).status == 200)
            }
        }
    }

    @Test("A policy imported through one instance is the other's at its next request")
    func aPolicyImportedThroughOneInstanceIsTheOthers() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { one in
            try await withEmulator({ $0.stateDirectory = directory }) { two in
                let tenPasswordCharacters = "Abcdef12!x"
                let before = try await two.signUpStart("erin@example.com", challengeType: "oob password redirect", password: tenPasswordCharacters)
                #expect(before.status == 200, "\(before.json)")
                var export = try #require(try JSONSerialization.jsonObject(with: try await one.admin("GET", "export").body) as? [String: Any])
                export["signUp"] = ["method": "password", "attributes": [], "passwordPolicy": ["minLength": 20]]
                let imported = try await one.admin("POST", "import", json: String(decoding: try JSONSerialization.data(withJSONObject: export), as: UTF8.self))
                #expect(imported.status == 200, "\(imported.json)")

                let after = try await two.signUpStart("fay@example.com", challengeType: "oob password redirect", password: tenPasswordCharacters)
                #expect(after.string("suberror") == "password_too_short", "\(after.json)")
                #expect(String(decoding: try await two.admin("GET", "export").body, as: UTF8.self).contains(#""minLength" : 20"#))
            }
        }
    }
}
