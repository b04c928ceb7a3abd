import Foundation
import NativeAuthEmulator
import Testing

/// Issue 9, item 16: the state directory keeps hashes of codes, never the codes.
@Suite("Codes outbox")
struct OutboxTests {
    @Test func codesAreNotWrittenToTheStateDirectory() async throws {
        let directory = PersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withEmulator({ $0.stateDirectory = directory; $0.fixedCode = "86420975" }) { client in
            _ = try await client.startOTP()
            #expect(try client.emulator.latestCode(for: "alice@example.com") == "86420975")
            let codes = try await client.admin("GET", "codes?username=alice@example.com").json["codes"] as? [[String: Any]]
            #expect(codes?.first?["code"] as? String == "86420975")
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
                #expect(!text.contains("86420975"), "\(name) holds the code")
            }
        }
    }
}
