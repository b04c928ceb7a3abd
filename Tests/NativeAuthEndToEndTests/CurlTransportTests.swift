#if canImport(Glibc)
import Foundation
@testable import NativeAuth
import NativeAuthEmulator
import NativeAuthURLSession
import Testing

/// ``CurlTransport`` (the Linux default) against the emulator over real loopback HTTP: sign-in,
/// redirects, limits, timeouts, refused connections, concurrency and connection reuse.
@Suite struct CurlTransportTests {
    @Test func theDefaultTransportIsCurlAndASignInUsesOneConnection() async throws {
        let transport = HTTPTransports.makeDefault()
        let curl = try #require(transport as? CurlTransport)
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB], transport: transport)
            guard case .codeRequired(let state, _, _, _) =
                await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected a code"); return }
            guard case .completed(let result) = await state.submitCode(code: "12345678") else {
                Issue.record("expected sign-in"); return
            }
            #expect(result.account.username == EmulatorHarness.alice)
            #expect(try await harness.requestLog().count == 3)
            #expect(curl.connectionsOpened == 1)
        }
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        try await EmulatorHarness.run { harness in
            let transport = CurlTransport()
            var statuses: [Int] = []
            for _ in 0..<10 { statuses.append(try await transport.send(harness.initiateRequest()).status) }
            #expect(statuses == Array(repeating: 200, count: 10))
            #expect(transport.connectionsOpened == 1)
        }
    }

    @Test(arguments: [307, 308], [TransportKind.curl, .urlSession])
    func aRedirectComesBackAndIsNotFollowed(status: Int, kind: TransportKind) async throws {
        try await EmulatorHarness.run { first in
            try await EmulatorHarness.run { second in
                let target = second.emulator.authority.appendingPathComponent("oauth2/v2.0/initiate").absoluteString
                try await first.queueFault(["endpoint": "initiate", "status": status, "body": "",
                                            "headers": ["Location": target], "count": 2])
                let transport = kind.make()

                let response = try await transport.send(first.initiateRequest(password: EmulatorHarness.bobPassword))
                #expect(response.status == status)
                #expect(response.header("location") == target)

                let parameters = NativeAuthSignInParameters(username: EmulatorHarness.bob)
                parameters.password = EmulatorHarness.bobPassword
                guard case .error(let error) = try await first.app(transport: transport).signIn(parameters: parameters) else {
                    Issue.record("expected the redirect to fail the sign-in"); return
                }
                #expect(error.isServerUnavailable)
                #expect(error.httpStatus == status)
                #expect(try await first.requestLog().count == 2)
                #expect(try await second.requestLog().isEmpty)
            }
        }
    }

    @Test func aBodyOverTheLimitIsRefusedAndOneAtTheLimitIsNot() async throws {
        try await EmulatorHarness.run { harness in
            let limit = 64 * 1024
            let transport = CurlTransport(maximumResponseBodySize: limit)
            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": String(repeating: "x", count: limit + 1)])
            let error = try await #require(throws: HTTPTransportError.self) {
                try await transport.send(harness.initiateRequest())
            }
            #expect(!error.isTransient)
            #expect(error.message.contains("larger than \(limit) bytes"))
            #expect(!error.message.contains("xxx"))

            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": String(repeating: "x", count: limit)])
            #expect(try await transport.send(harness.initiateRequest()).body.count == limit)
        }
    }

    @Test func tooManyHeaderFieldsAreRefused() async throws {
        try await EmulatorHarness.run { harness in
            let transport = CurlTransport(maximumHeaderCount: 100)
            let many = Dictionary(uniqueKeysWithValues: (0..<101).map { ("X-Filler-\($0)", "v") })
            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": "{}", "headers": many])
            let error = try await #require(throws: HTTPTransportError.self) {
                try await transport.send(harness.initiateRequest())
            }
            #expect(!error.isTransient)
            #expect(error.message.contains("more than 100 header fields"))

            let some = Dictionary(uniqueKeysWithValues: (0..<80).map { ("X-Filler-\($0)", "v") })
            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": "{}", "headers": some])
            #expect(try await transport.send(harness.initiateRequest()).header("x-filler-79") == "v")
        }
    }

    @Test func headersOverTheByteLimitAreRefused() async throws {
        try await EmulatorHarness.run { harness in
            let transport = CurlTransport(maximumHeaderBytes: 8 * 1024)
            try await harness.queueFault(["endpoint": "initiate", "status": 200, "body": "{}",
                                          "headers": ["X-Big": String(repeating: "h", count: 9 * 1024)]])
            let error = try await #require(throws: HTTPTransportError.self) {
                try await transport.send(harness.initiateRequest())
            }
            #expect(!error.isTransient)
            #expect(error.message.contains("8192 bytes of headers"))
            #expect(!error.message.contains("hhh"))
        }
    }

    @Test func aResponseSlowerThanTheTimeoutFailsAsTransient() async throws {
        try await EmulatorHarness.run { harness in
            try await harness.queueFault(["endpoint": "initiate", "delayMs": 4000])
            let error = try await #require(throws: HTTPTransportError.self) {
                try await CurlTransport(timeout: 1).send(harness.initiateRequest())
            }
            #expect(error.isTransient)
            #expect(error.message.contains("timed out"))
        }
    }

    @Test func aRefusedConnectionIsTransient() async throws {
        let server = try CannedHTTPServer(reply: "")
        server.stop()  // the port is now closed: nobody listens there
        let request = HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("x"), headers: [], body: Data())
        let error = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().send(request)
        }
        #expect(error.isTransient)
        #expect(error.message.contains("could not connect"))
    }

    @Test func aDroppedConnectionIsTransient() async throws {
        try await EmulatorHarness.run { harness in
            // libcurl resends once when a reused connection drops; two drops make that irrelevant.
            try await harness.queueFault(["endpoint": "initiate", "dropConnection": true, "count": 2])
            let error = try await #require(throws: HTTPTransportError.self) {
                try await CurlTransport().send(harness.initiateRequest())
            }
            #expect(error.isTransient)
            #expect(error.message.contains("connection was lost"))
        }
    }

    @Test func cancellingASlowRequestEndsItPromptly() async throws {
        let server = try CannedHTTPServer(reply: nil as Data?)  // reads the request, never answers
        defer { server.stop() }
        let transport = CurlTransport(timeout: 120)
        let request = HTTPRequest(method: "POST", url: server.baseURL.appendingPathComponent("slow"), headers: [], body: Data("a=1".utf8))
        let task = Task { try await transport.send(request) }
        for _ in 0..<1000 where server.requestHeads.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.requestHeads.count == 1)

        task.cancel()
        // The transport's own timeout is 120 s and the server never answers: only the cancellation can
        // end the send with CancellationError (a timeout would be an HTTPTransportError).
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        let server = try CannedHTTPServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        defer { server.stop() }
        let transport = CurlTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: "GET", url: server.baseURL, headers: [], body: Data()))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requestHeads.isEmpty)
    }

    @Test func fiftyConcurrentSendsAllSucceed() async throws {
        try await EmulatorHarness.run { harness in
            let transport = CurlTransport()
            let request = harness.initiateRequest()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 { group.addTask { try await transport.send(request).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 50))
            #expect(try await harness.requestLog().count == 50)
            #expect((1...50).contains(transport.connectionsOpened))
        }
    }
}

/// Which transport a parameterized test runs with.
enum TransportKind: String, Sendable, CustomTestStringConvertible {
    case curl, urlSession

    func make() -> any HTTPTransport {
        switch self {
        case .curl: return CurlTransport()
        case .urlSession: return URLSessionTransport()
        }
    }

    var testDescription: String { rawValue }
}
#endif
