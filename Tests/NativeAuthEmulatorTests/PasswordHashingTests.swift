import Foundation
@testable import NativeAuthEmulator
import Synchronization
import Testing

/// Issue 9, item 7: a password is checked outside the state lock, and imported hashes have a round cap.
@Suite("Password hashing")
struct PasswordHashingTests {
    @Test func thePasswordIsCheckedWhileNoLockIsHeld() async throws {
        for directory in [nil, PersistenceTests.temporaryDirectory()] {
            defer { directory.map { try? FileManager.default.removeItem(at: $0) } }
            try await withEmulator({ $0.stateDirectory = directory }) { client in
                let lockedDuringCheck = Mutex<[Bool]>([])
                let core = client.emulator.core
                core.beforePasswordVerification.withLock { hook in
                    hook = { lockedDuringCheck.withLock { $0.append(core.store.isLocked) } }
                }
                let started = try await client.initiate("bob@example.com")
                let challenged = try await client.challenge(try #require(started.string("continuation_token")))
                let token = try #require(challenged.string("continuation_token"))
                #expect(try await client.submitPassword(token, password: "wrong").errorCode == 50126)
                #expect(try await client.submitPassword(token, password: "Passw0rd!").status == 200)
                #expect(lockedDuringCheck.withLock { $0 } == [false, false])
            }
        }
    }

    @Test func aHashWithMoreThanAMillionRoundsIsRefusedOnImport() async throws {
        try await withEmulator { client in
            let exported = String(decoding: try await client.admin("GET", "users").body, as: UTF8.self)
            let bob = try #require(exported.firstMatch(of: /pbkdf2-sha256\$10000\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)/))
            let slow = #"{"users":[{"username":"slow@example.com","method":"password","passwordHash":"pbkdf2-sha256$10000000$\#(bob.1)$\#(bob.2)"}]}"#
            let refused = try await client.admin("POST", "users", json: slow)
            #expect(refused.status == 400, "\(refused.json)")
            #expect(refused.string("error_description")?.contains("with 1 to 1000000 rounds") == true, "says why: \(refused.json)")
            let capped = #"{"users":[{"username":"capped@example.com","method":"password","passwordHash":"pbkdf2-sha256$1000000$\#(bob.1)$\#(bob.2)"}]}"#
            #expect(try await client.admin("POST", "users", json: capped).status == 200)
        }
    }
}
