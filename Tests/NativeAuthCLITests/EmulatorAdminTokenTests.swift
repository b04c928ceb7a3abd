import Foundation
import Testing

extension EmulatorProcess {
    /// Issue 9, item 2, on the built binary: `nativeauth emulator` serves the admin routes only with the
    /// admin token it prints, and no clock value kills it. (That the embedded emulator serves none is
    /// tested in process: NativeAuthCommandsTests' EmbeddedEmulatorTests.)
    @Suite
    struct EmulatorAdminTokenTests {
        @Test func theForegroundEmulatorNeedsItsPrintedTokenWhichIsAlsoInItsStateFolder() async throws {
            let sandbox = try CLISandbox(fixedCode: "11223344")
            defer { sandbox.remove() }
            let emulator = try await ForegroundEmulator.start(in: sandbox)
            #expect(emulator.adminToken.count == 43)
            let file = URL(fileURLWithPath: emulator.stateDirectory).appendingPathComponent("admin-token")
            #expect(try String(contentsOf: file, encoding: .utf8) == emulator.adminToken + "\n")
            let mode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600)

            let signin = try sandbox.start(["signin", "--authority", emulator.authority, "alice@example.com"])
            try await emulator.process.waitForStderr("code 11223344")
            #expect(try await emulator.raw("GET", "codes?username=alice@example.com", token: nil).status == 401)
            #expect(try await emulator.raw("GET", "codes?username=alice@example.com", token: "wrong-token-000000000000").status == 401)
            #expect(try await emulator.raw("POST", "reset", token: nil, json: "{}").status == 401)
            let codes = try await emulator.raw("GET", "codes?username=alice@example.com", token: emulator.adminToken)
            #expect(codes.status == 200)
            #expect(codes.body.contains("11223344"))
            signin.send("11223344\n")
            #expect(await signin.finish().status == 0)

            // A new start makes a new token; the old one no longer opens anything.
            let stopped = await emulator.stop()
            #expect(stopped.status == 0, "\(stopped)")
            let again = try await ForegroundEmulator.start(in: sandbox)
            #expect(again.adminToken != emulator.adminToken)
            #expect(try await again.raw("GET", "health", token: emulator.adminToken).status == 401)
            #expect(try await again.raw("GET", "health", token: again.adminToken).status == 200)
            _ = await again.stop()
        }

        /// Issue 35, item 7: a second `nativeauth emulator` on the same state folder takes the first
        /// one's token, so the documented `TOKEN=$(cat STATE/admin-token)` opens both.
        @Test func aSecondEmulatorOnTheSameFolderKeepsTheFirstOnesToken() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let first = try await ForegroundEmulator.start(in: sandbox)
            let second = try await ForegroundEmulator.start(in: sandbox)
            #expect(second.adminToken == first.adminToken)
            let file = URL(fileURLWithPath: first.stateDirectory).appendingPathComponent("admin-token")
            let written = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .newlines)
            #expect(try await first.raw("GET", "health", token: written).status == 200)
            #expect(try await second.raw("GET", "health", token: written).status == 200)
            #expect(await first.stop().status == 0)
            #expect(await second.stop().status == 0)
        }

        @Test func aHugeClockAdvanceIsRefusedAndTheEmulatorKeepsServing() async throws {
            let sandbox = try CLISandbox(fixedCode: "55667788")
            defer { sandbox.remove() }
            let emulator = try await ForegroundEmulator.start(in: sandbox)
            for seconds in ["1e300", "1e18", "-1e300"] {
                let answer = try await emulator.raw("POST", "clock/advance", token: emulator.adminToken, json: #"{"seconds": \#(seconds)}"#)
                #expect(answer.status == 400, "\(seconds): \(answer)")
            }
            #expect(emulator.process.isRunning)
            let health = try await emulator.raw("GET", "health", token: emulator.adminToken)
            #expect(health.status == 200)
            #expect(health.body.contains(#""now":"20"#), "\(health.body)")
            let signin = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"], input: "55667788\n")
            #expect(signin.status == 0, "\(signin)")
            #expect(await emulator.stop().status == 0)
        }
    }
}
