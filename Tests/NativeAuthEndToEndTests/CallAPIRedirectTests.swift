#if canImport(Glibc)
import Foundation
import NativeAuth
import NativeAuthShared
import Testing

/// `callAPI` never takes the token to a host the caller did not name: a redirect comes back as the
/// API's answer, in both transports, and its target (`Tests/Servers/fake_api.py` under another host
/// name) receives nothing.
@Suite(.serialized) struct CallAPIRedirectTests {
    @Test(arguments: [TransportKind.curl, .urlSession])
    func aRedirectIsReturnedNotFollowed(kind: TransportKind) async throws {
        let api = try await LoopbackAPI.start()
        defer { api.stop() }
        try await EmulatorHarness.run { harness in
            let account = try await CallAPIEndToEndTests.signIn(harness)
            let counting = CountingTransport(next: kind.make())
            let request = HTTPRequest(method: "GET", url: URL(string: "\(api.base)/redirect")!, headers: [], body: Data())
            let answer = try await account.callAPI(request, parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]),
                                                   transport: counting)
            #expect(answer.response.status == 302)
            #expect(answer.response.header("Location")?.hasPrefix("http://localhost:") == true)
            #expect(!answer.retriedWithRefreshedToken)
            #expect(counting.authorizations.count == 1, "one request, to the URL given")

            let collected = try await kind.make().send(
                HTTPRequest(method: "GET", url: URL(string: "\(api.base)/collected")!, headers: [], body: Data()))
            let body = try #require(try JSONSerialization.jsonObject(with: collected.body) as? [String: Any])
            #expect((body["requests"] as? [Any])?.isEmpty == true, "the redirect's target got nothing: \(body)")
        }
    }
}

/// `Tests/Servers/fake_api.py` on 127.0.0.1, for one test.
struct LoopbackAPI {
    let process: ChildProcess
    /// `http://127.0.0.1:PORT`.
    let base: String

    static func start() async throws -> LoopbackAPI {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/fake_api.py")
        let output = Pipe()
        // Not Foundation's Process: its run() crashes now and then on Linux (see ChildProcess).
        let process = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", script.path],
                                       standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor), standardError: .null)
        try? output.fileHandleForWriting.close()
        // Its first line, `listening PORT`, read on a thread of its own (a blocking read).
        let reader = output.fileHandleForReading
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }.start()
        }
        let port = try #require(line.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                                "fake_api.py printed: \(line)")
        return LoopbackAPI(process: process, base: "http://127.0.0.1:\(port)")
    }

    /// Sends SIGTERM (ChildProcess reaps it; nothing waits here).
    func stop() {
        process.terminate()
    }
}
#endif
