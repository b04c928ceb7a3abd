import Foundation
import Testing

/// A device code the server calls expired is the library's one device-code expiry
/// (`deviceCodeExpired`), which `FailureMapping` says in a sentence of its own: exit 1.
@Suite
struct DeviceCodeExpiryTests {
    @Test func aDeviceCodeTheServerCallsExpiredIsExit1WithTheCommandToRunAgain() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await HostileServerTests.answer(emulator, "devicecode", body: [
            "device_code": "device-code", "user_code": "ABCD-EFGH", "verification_uri": emulator.baseURL.absoluteString + "/device",
            "expires_in": 600, "interval": 1, "message": "To sign in, open the page and enter the code ABCD-EFGH.",
        ])
        try await HostileServerTests.answer(emulator, "token", status: 400, body: [
            "error": "expired_token", "error_description": "AADSTS70020: This device code has expired.", "error_codes": [70020],
        ])
        let result = try await sandbox.run(["signin", "--device-code", "--authority", emulator.authority])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("error: The code expired before anyone signed in with it: run `nativeauth signin --device-code --authority \(emulator.authority)` again."),
                "\(result)")
        _ = await emulator.stop()
    }
}
