import Foundation
import NativeAuthEmulator
import Testing

/// Issue 9, item 2: the admin API needs the admin token, and without one there is none.
@Suite("Admin token")
struct AdminTokenTests {
    @Test func withoutATokenTheEmulatorServesNoAdminRoutes() async throws {
        try await withEmulator({ $0.adminToken = nil }) { client in
            for (method, path) in [("GET", "health"), ("GET", "codes?username=alice@example.com"), ("GET", "users"),
                                   ("POST", "reset"), ("GET", "requests")] {
                let answer = try await client.admin(method, path, json: method == "POST" ? "{}" : nil)
                #expect(answer.status == 404, "\(method) \(path): \(answer.status)")
                #expect(answer.string("error") == "not_found")
            }
            // Nothing was reset: the protocol still answers for the demo users.
            #expect(try await client.signInOTP().status == 200)
        }
    }

    @Test func aMissingOrWrongTokenIsRefusedWith401() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            let missing = try await client.admin("GET", "codes?username=alice@example.com", token: nil)
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(!String(decoding: missing.body, as: UTF8.self).contains("12345678"))
            let wrong = try await client.admin("GET", "codes?username=alice@example.com", token: EmulatorClient.adminToken + "x")
            #expect(wrong.status == 401)
            let reset = try await client.admin("POST", "reset", json: "{}", token: "not-the-token-0000000000")
            #expect(reset.status == 401)
            // The flow survived the refused reset, and the right token works.
            #expect(try await client.submitCode(token, code: "12345678").status == 200)
            #expect(try await client.admin("GET", "health").status == 200)
        }
    }

    @Test func aShortTokenIsRefusedAtStart() async throws {
        await #expect(throws: EmulatorConfigurationError.self) {
            try await withEmulator({ $0.adminToken = "short" }) { _ in }
        }
    }

    @Test func theTokenIsWrittenPrivatelyToTheStateDirectory() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = EmulatorConfiguration.makeAdminToken()
        #expect(token.count == 43)
        try await withEmulator({ $0.stateDirectory = directory; $0.adminToken = token }) { _ in
            let file = directory.appendingPathComponent("admin-token")
            #expect(try String(contentsOf: file, encoding: .utf8) == token + "\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }
}
