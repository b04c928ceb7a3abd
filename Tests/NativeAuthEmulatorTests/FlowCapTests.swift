import Foundation
@testable import NativeAuthEmulator
import Testing

/// Issue 9, item 3: open flows are capped per user and per client, unfinished flows are kept only
/// while their token is valid, and a request rewrites nothing but the records it changes.
@Suite("Flow caps and retention")
struct FlowCapTests {
    @Test func startingMoreFlowsThanTheUserCapDropsTheOldest() async throws {
        try await withEmulator({ $0.maxFlowsPerUser = 3 }) { client in
            var tokens: [String] = []
            for _ in 0..<4 {
                tokens.append(try #require(try await client.initiate("alice@example.com").string("continuation_token")))
            }
            let dropped = ProtocolErrorTests.expectError(try await client.challenge(tokens[0]), "invalid_request", 55200)
            #expect(dropped.string("error_description")?.contains("unknown") == true)
            for token in tokens.dropFirst() {
                #expect(try await client.challenge(token).status == 200)
            }
            // Bob's flows are not Alice's.
            #expect(try await client.initiate("bob@example.com").status == 200)
        }
    }

    @Test func startingMoreFlowsThanTheClientCapDropsTheOldest() async throws {
        try await withEmulator({ $0.maxFlowsPerClient = 4 }) { client in
            let users = (1...5).map { "user\($0)@example.com" }
            let seed = users.map { #"{"username":"\#($0)","method":"otp"}"# }.joined(separator: ",")
            #expect(try await client.admin("POST", "users", json: #"{"users":[\#(seed)]}"#).status == 200)
            var tokens: [String] = []
            for user in users {
                tokens.append(try #require(try await client.initiate(user).string("continuation_token")))
            }
            ProtocolErrorTests.expectError(try await client.challenge(tokens[0]), "invalid_request", 55200)
            for token in tokens.dropFirst() {
                #expect(try await client.challenge(token).status == 200)
            }
        }
    }

    @Test("An unfinished flow answers expired once its token expires on the instance's clock, and is forgotten once it has on the wall clock too (a state others share)")
    func anUnfinishedFlowIsForgottenWhenItsTokenExpiresYetStillAnswersExpired() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            // Alice's flow is the only record that names her (a removed record's row keeps only its key).
            let alice = #""userKey":"alice@example.com""#
            // Expired on this instance's clock only: refused, but kept for the instances whose clocks
            // it has not expired on.
            let ahead = try await client.startOTP()
            client.emulator.advanceClock(by: 601)
            _ = try await client.initiate("bob@example.com")  // a write after the purge interval purges
            ProtocolErrorTests.expectError(try await client.submitCode(ahead, code: "12345678"), "expired_token", 552003)
            #expect(try StoredState.recordsText(directory).contains(alice), "a flow not yet expired on the wall clock was purged")

            // Started 20 minutes back (a reset forgets that flow and the clock; then the clock moved
            // back), so expired on the wall clock too: forgotten.
            _ = try await client.admin("POST", "reset")
            #expect(try !StoredState.recordsText(directory).contains(alice))
            client.emulator.advanceClock(by: -1200)
            let token = try await client.startOTP()
            #expect(try StoredState.recordsText(directory).contains(alice))
            client.emulator.advanceClock(by: 1200)
            _ = try await client.initiate("bob@example.com")
            #expect(try !StoredState.recordsText(directory).contains(alice), "the expired flow is still stored")
            ProtocolErrorTests.expectError(try await client.submitCode(token, code: "12345678"), "expired_token", 552003)
            ProtocolErrorTests.expectError(try await client.challenge(token), "expired_token", 552003)
        }
    }

    @Test func aRequestDoesNotRewriteTheStoredStateOfAThousandFlows() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory; $0.maxFlowsPerUser = 5_000 }) { client in
            for _ in 0..<1_500 { _ = try await client.initiate("alice@example.com") }
            let before = try #require(try StoredState.integer(directory, "SELECT max(version) FROM emulator_records"))
            #expect(try await client.startOTP().isEmpty == false)
            // Two requests (initiate and challenge) wrote the flow they touched, none of the thousand others.
            let written = try StoredState.texts(directory, "SELECT kind FROM emulator_records WHERE version > ?", [.integer(before)])
            #expect(written.count <= 2 && written.allSatisfy { $0 == ["flow"] }, "\(written)")
            let flows = try StoredState.integer(directory, "SELECT count(*) FROM emulator_records WHERE kind = 'flow'") ?? 0
            #expect(flows >= 1_000)
            // And a second instance on the directory sees the newest flow.
            let token = try await client.startOTP()
            let answer = try await withEmulator({ $0.stateDirectory = directory; $0.maxFlowsPerUser = 5_000 }) { other in
                try await other.submitCode(token, code: "12345678")
            }
            #expect(answer.status == 200)
        }
    }
}
