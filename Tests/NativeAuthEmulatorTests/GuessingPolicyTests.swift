import Foundation
import NativeAuthEmulator
import Testing

/// Issue 9, item 6: wrong codes are counted per user across flows, with a lock-out that grows.
@Suite("Guessing limit per user")
struct GuessingPolicyTests {
    /// Four wrong codes in a flow (one short of the flow's limit), then a new flow.
    private func guess(_ client: EmulatorClient, times: Int) async throws -> HTTPResult {
        var last: HTTPResult?
        var token = try await client.startOTP()
        for index in 0..<times {
            if index > 0, index % 4 == 0 { token = try await client.startOTP() }
            last = try await client.submitCode(token, code: "00000000")
        }
        return try #require(last)
    }

    @Test func newFlowsDoNotResetTheCountAndTheLockOutRefusesEvenTheRightCode() async throws {
        try await withEmulator { client in
            let ninth = try await guess(client, times: 9)
            ProtocolErrorTests.expectError(ninth, "invalid_grant", 50181, suberror: "invalid_oob_value")
            let tenth = try await guess(client, times: 1)
            let lockout = ProtocolErrorTests.expectError(tenth, "invalid_grant", 50053)
            #expect(lockout.string("error_description")?.contains("Try again in 60 seconds") == true, "\(lockout.json)")
            // While locked out, a new flow's right code is refused too, and costs that flow nothing.
            let token = try await client.startOTP()
            ProtocolErrorTests.expectError(try await client.submitCode(token, code: "12345678"), "invalid_grant", 50053)
            // Bob is not affected.
            let started = try await client.initiate("bob@example.com")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            #expect(try await client.submitPassword(try #require(challenged.string("continuation_token")), password: "Passw0rd!").status == 200)
            client.emulator.advanceClock(by: 61)
            #expect(try await client.submitCode(token, code: "12345678").status == 200)
        }
    }

    @Test func eachFurtherWrongAnswerDoublesTheLockOut() async throws {
        try await withEmulator { client in
            _ = try await guess(client, times: 10)
            client.emulator.advanceClock(by: 61)
            let again = try await guess(client, times: 1)
            #expect(again.string("error_description")?.contains("Try again in 120 seconds") == true, "\(again.json)")
            client.emulator.advanceClock(by: 121)
            let third = try await guess(client, times: 1)
            #expect(third.string("error_description")?.contains("Try again in 240 seconds") == true, "\(third.json)")
        }
    }

    @Test func aRightAnswerStartsTheCountAgain() async throws {
        try await withEmulator { client in
            _ = try await guess(client, times: 9)
            #expect(try await client.signInOTP().status == 200)
            let afterSuccess = try await guess(client, times: 9)
            #expect(afterSuccess.errorCode == 50181)
        }
    }

    @Test func wrongPasswordsCountToo() async throws {
        try await withEmulator({ $0.guessingPolicy = GuessingPolicy(freeAttempts: 3) }) { client in
            var answers: [HTTPResult] = []
            for _ in 0..<3 {
                let started = try await client.initiate("bob@example.com")
                let challenged = try await client.challenge(try #require(started.string("continuation_token")))
                answers.append(try await client.submitPassword(try #require(challenged.string("continuation_token")), password: "wrong"))
            }
            #expect(answers.map(\.errorCode) == [50126, 50126, 50053])
        }
    }

    @Test func wrongSecondFactorCodesCountToo() async throws {
        try await withEmulator({ $0.guessingPolicy = GuessingPolicy(freeAttempts: 2) }) { client in
            var answers: [Int?] = []
            for _ in 0..<2 {
                let listed = try await client.toMFAMethods()
                let id = try #require(listed.methods.first?["id"])
                let sent = try await client.mfaChallenge(try #require(listed.string("continuation_token")), id: id)
                answers.append(try await client.mfaGrant(try #require(sent.string("continuation_token")), code: "00000000").errorCode)
            }
            #expect(answers == [50181, 50053], "the second wrong code locks the user out")
        }
    }

    @Test func theLimitCanBeTurnedOff() async throws {
        try await withEmulator({ $0.guessingPolicy = .unlimited }) { client in
            let last = try await guess(client, times: 24)
            #expect(last.errorCode == 50181)
        }
    }
}
