import Foundation
import NativeAuthEmulator
import Testing

/// Issue 9, item 1: no clock offset or setting can make a time conversion trap.
@Suite("Clock and lifetime bounds")
struct ClockBoundTests {
    @Test(arguments: ["1e300", "1e18", "-1e18", "3.2e9"])
    func anAdvanceBeyondAHundredYearsIsRefusedAndTheClockStays(seconds: String) async throws {
        try await withEmulator { client in
            let refused = try await client.admin("POST", "clock/advance", json: #"{"seconds": \#(seconds)}"#)
            #expect(refused.status == 400, "\(refused.json)")
            let clock = try await client.admin("GET", "clock")
            #expect(clock.json["offsetSeconds"] as? Double == 0)
            // The emulator still works and its tokens carry sane times.
            let tokens = try await client.signInOTP()
            let claims = try JWT(try #require(tokens.string("access_token"))).claims
            let iat = try #require(claims["iat"] as? Int)
            #expect(abs(Double(iat) - Date().timeIntervalSince1970) < 3600)
        }
    }

    @Test func ninetyNineYearsEitherWayAreAllowedAndFormatted() async throws {
        try await withEmulator { client in
            let years99 = 99 * 365.25 * 86_400
            let forward = try await client.admin("POST", "clock/advance", json: #"{"seconds": \#(years99)}"#)
            #expect(forward.status == 200)
            #expect((forward.string("now") ?? "").hasPrefix("21"), "\(forward.json)")
            let tokens = try await client.signInOTP()
            #expect(tokens.status == 200)
            let back = try await client.admin("POST", "clock/advance", json: #"{"seconds": \#(-2 * years99)}"#)
            #expect(back.status == 200)
            #expect((back.string("now") ?? "").hasPrefix("19"), "\(back.json)")
            #expect(try await client.admin("POST", "clock/advance", json: #"{"seconds": \#(-3 * 365.25 * 86_400)}"#).status == 400)
        }
    }

    @Test func inProcessAdvanceBeyondTheBoundIsRefused() async throws {
        try await withEmulator { client in
            let before = client.emulator.now
            #expect(!client.emulator.advanceClock(by: 1e300))
            #expect(!client.emulator.advanceClock(by: .nan))
            #expect(abs(client.emulator.now.timeIntervalSince(before)) < 60)
            #expect(client.emulator.advanceClock(by: 600))
        }
    }

    @Test(arguments: [1e300, -1, 0, Double.infinity, Double.nan])
    func aLifetimeOutOfRangeIsRefusedAtStart(lifetime: Double) async throws {
        await #expect(throws: EmulatorConfigurationError.self) {
            try await withEmulator({ $0.accessTokenLifetime = lifetime }) { _ in }
        }
    }
}
