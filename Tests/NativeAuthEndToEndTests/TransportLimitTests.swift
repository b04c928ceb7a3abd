#if canImport(Glibc)
import Foundation
import NativeAuth
import NativeAuthURLSession
import Testing

/// Issue 9, item 11, in both transports: a response body over the limit is refused while it arrives,
/// and the whole exchange has a deadline, so a server sending a byte every few hundred milliseconds
/// cannot hold a request.
@Suite(.timeLimit(.minutes(10))) struct TransportLimitTests {
    private static func make(_ kind: TransportKind, timeout: TimeInterval = 30, limit: Int = HTTPTransports.defaultMaximumResponseBodySize) -> any HTTPTransport {
        switch kind {
        case .curl: CurlTransport(timeout: timeout, maximumResponseBodySize: limit)
        case .urlSession: URLSessionTransport(timeout: timeout, maximumResponseBodySize: limit)
        }
    }

    @Test(arguments: [TransportKind.curl, .urlSession])
    func aTricklingServerHitsTheOverallDeadline(kind: TransportKind) async throws {
        // 10,000 bytes, one every 100 ms: each byte comes well within any idle timeout.
        let server = try CannedHTTPServer(
            reply: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n" + String(repeating: " ", count: 10_000),
            byteInterval: .milliseconds(100))
        defer { server.stop() }
        let request = HTTPRequest(method: "POST", url: server.baseURL.appendingPathComponent("token"), headers: [], body: Data("a=1".utf8))
        let error = try await #require(throws: HTTPTransportError.self) {
            try await Self.make(kind, timeout: 2).send(request)
        }
        #expect(error.isTransient)
        #expect(error.message.contains("timed out"), "\(error.message)")
    }

    @Test(arguments: [TransportKind.curl, .urlSession])
    func aBodyOverTheLimitIsRefused(kind: TransportKind) async throws {
        try await EmulatorHarness.run { harness in
            let limit = 64 * 1024
            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": String(repeating: "x", count: limit + 1)])
            let error = try await #require(throws: HTTPTransportError.self) {
                try await Self.make(kind, limit: limit).send(harness.initiateRequest())
            }
            #expect(!error.isTransient)
            #expect(error.message.contains("larger than \(limit) bytes"), "\(error.message)")
            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": String(repeating: "x", count: limit)])
            #expect(try await Self.make(kind, limit: limit).send(harness.initiateRequest()).body.count == limit)
        }
    }

    @Test(arguments: [TransportKind.curl, .urlSession])
    func theDefaultBodyLimitIsOneMebibyte(kind: TransportKind) async throws {
        let size = (1 << 20) + 1
        let server = try CannedHTTPServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n\r\n" + String(repeating: "y", count: size))
        defer { server.stop() }
        let request = HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("big"), headers: [], body: Data())
        let error = try await #require(throws: HTTPTransportError.self) {
            try await Self.make(kind).send(request)
        }
        #expect(error.message.contains("larger than 1048576 bytes"), "\(error.message)")
    }
}
#endif
