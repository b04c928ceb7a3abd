import Foundation
import NativeAuthEmulator
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

    @Test func anUnfinishedFlowIsForgottenWhenItsTokenExpiresYetStillAnswersExpired() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory }) { client in
            let token = try await client.startOTP()
            // Alice's flow is the only record that names her (a removal in the journal names only its key).
            let alice = #""userKey":"alice@example.com""#
            #expect(try Self.stateText(directory).contains(alice))
            client.emulator.advanceClock(by: 601)
            _ = try await client.initiate("bob@example.com")  // a write after the purge interval purges
            #expect(try !Self.storedRecords(directory).contains(alice), "the expired flow is still stored")
            ProtocolErrorTests.expectError(try await client.submitCode(token, code: "12345678"), "expired_token", 552003)
            ProtocolErrorTests.expectError(try await client.challenge(token), "expired_token", 552003)
        }
    }

    @Test func aRequestDoesNotRewriteTheStoredStateOfAThousandFlows() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory; $0.maxFlowsPerUser = 5_000 }) { client in
            for _ in 0..<1_500 { _ = try await client.initiate("alice@example.com") }
            let snapshot = directory.appendingPathComponent("state.json")
            let journal = directory.appendingPathComponent("state.journal")
            let before = try Self.identity(snapshot)
            let journalBefore = try Self.size(journal)
            #expect(try await client.startOTP().isEmpty == false)
            #expect(try Self.identity(snapshot) == before, "state.json was rewritten for one request")
            // Two requests (initiate and challenge) appended a few hundred bytes each.
            #expect(try Self.size(journal) - journalBefore < 4_096)
            // And a second instance on the directory sees the newest flow.
            let token = try await client.startOTP()
            let answer = try await withEmulator({ $0.stateDirectory = directory; $0.maxFlowsPerUser = 5_000 }) { other in
                try await other.submitCode(token, code: "12345678")
            }
            #expect(answer.status == 200)
        }
    }

    /// The records stored now: a second instance's view, written out as a new snapshot.
    static func storedRecords(_ directory: URL) throws -> String {
        let journal = try String(contentsOf: directory.appendingPathComponent("state.journal"), encoding: .utf8)
        var removed = Set<String>()
        var lines: [String] = []
        for line in journal.split(separator: "\n").reversed() {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let key = object["k"] as? String else { continue }
            if removed.contains(key) { continue }
            removed.insert(key)
            if object["v"] != nil { lines.append(String(line)) }
        }
        let snapshot = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as? [String: Any]
        let flows = (snapshot?["flows"] as? [String: Any] ?? [:]).filter { !removed.contains($0.key) }
        return lines.joined() + String(decoding: try JSONSerialization.data(withJSONObject: flows), as: UTF8.self)
    }

    static func stateText(_ directory: URL) throws -> String {
        let names = ["state.json", "state.journal"]
        return try names.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined()
    }

    private static func identity(_ url: URL) throws -> [String] {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return ["\(attributes[.systemFileNumber] ?? "")", "\(attributes[.modificationDate] ?? "")", "\(attributes[.size] ?? "")"]
    }

    private static func size(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }
}
