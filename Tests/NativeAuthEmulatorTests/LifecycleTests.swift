import Foundation
import NativeAuthEmulator
import Testing

@Suite("Starting and stopping")
struct LifecycleTests {
    @Test func handleDescribesTheListeningEmulator() async throws {
        try await withLiveEmulator { client in
            let emulator = client.emulator
            #expect(emulator.port > 0)
            #expect(emulator.baseURL.absoluteString == "http://127.0.0.1:\(emulator.port)")
            #expect(emulator.authority.absoluteString == "http://127.0.0.1:\(emulator.port)/emulator.onmicrosoft.com")
            #expect(UUID(uuidString: emulator.tenantId) != nil)
        }
    }

    @Test func startFailsWhenThePortIsTaken() async throws {
        let first = try await EmulatorClient.startEmulator()
        let port = first.port
        await #expect(throws: (any Error).self) {
            let second = try await EmulatorClient.startEmulator { $0.port = port }
            try await second.stop()
        }
        try await first.stop()
    }

    @Test func stopEndsWaitUntilStoppedAndClosesThePort() async throws {
        let emulator = try await EmulatorClient.startEmulator()
        let waiter = Task { try await emulator.waitUntilStopped() }
        try await emulator.stop()
        try await waiter.value
        let client = EmulatorClient(emulator)
        await #expect(throws: (any Error).self) {
            _ = try await client.admin("GET", "health")
        }
    }

    @Test func configurationDefaults() {
        let config = EmulatorConfiguration()
        #expect(config.host == "127.0.0.1")
        #expect(config.port == 0)
        #expect(config.stateDirectory == nil)
        #expect(config.codeLength == 8)
        #expect(config.codeLifetime == 600)
        #expect(config.maxCodeAttempts == 5)
        #expect(config.refreshTokenLifetime == 86_400)
        #expect(config.tenantSubdomain == "emulator")
        #expect(EmulatorConfiguration.defaultClientId == "e1a70000-0000-4000-8000-000000000001")
        #expect(EmulatorConfiguration.defaultStateDirectory.path.hasSuffix("/nativeauth/emulator"))
    }
}

@Suite("In-process control")
struct ControlTests {
    /// On a running ``Emulator``: its public shortcuts are what is tested.
    @Test func latestCodeAndClockShortcuts() async throws {
        try await withLiveEmulator({ $0.fixedCode = nil }) { client in
            let emulator = client.emulator
            #expect(try emulator.latestCode(for: "alice@example.com") == nil)
            let token = try await client.startOTP()
            let code = try #require(try emulator.latestCode(for: "ALICE@example.com"))
            let before = emulator.now
            emulator.advanceClock(by: 3600)
            #expect(emulator.now.timeIntervalSince(before) >= 3600)
            ProtocolErrorTests.expectError(try await client.submitCode(token, code: code), "expired_token", 552003)
            #expect(emulator.clientId == EmulatorConfiguration.defaultClientId)
        }
    }
}
