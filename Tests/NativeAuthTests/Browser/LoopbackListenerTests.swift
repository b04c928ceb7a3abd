@testable import NativeAuth
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The loopback redirect on its own, with raw requests over real loopback sockets.
@Suite("Loopback listener", .timeLimit(.minutes(10)))
struct LoopbackListenerTests {
    private let transport = HTTPTransports.makeDefault()

    private func get(_ listener: LoopbackListener, _ target: String) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(listener.port)\(target)")!,
                                             headers: [], body: Data()))
    }

    @Test func strayRequestsAreAnsweredAndTheAnswerIsKept() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        defer { listener.stop() }
        #expect(try await get(listener, "/favicon.ico").status == 404)
        #expect(try await get(listener, "/").status == 400, "no parameters: not an answer")
        #expect(try await transport.send(HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:\(listener.port)/?code=x&state=S1")!,
                                                     headers: [], body: Data("a".utf8))).status == 405)
        #expect(listener.received == nil)
        let page = try await get(listener, "/?code=C%2B1&state=S1")
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("return to the terminal"))
        #expect(await listener.outcome() == .code("C+1"))
    }

    @Test func anAnswerWithAnotherStateIsRefusedAndTheWaitGoesOn() async throws {
        let listener = try LoopbackListener(path: "/cb", state: "S1")
        defer { listener.stop() }
        let refused = try await get(listener, "/cb?code=C1&state=S2")
        #expect(refused.status == 400 && String(decoding: refused.body, as: UTF8.self).contains("was not used"))
        #expect(try await get(listener, "/cb?error=access_denied&state=S2").status == 400, "a forged error does not end it either")
        #expect(try await get(listener, "/cb?code=C1").status == 400, "no state at all")
        #expect(listener.received == nil, "still waiting")
        #expect(try await get(listener, "/cb?code=C2&state=S1").status == 200)
        #expect(await listener.outcome() == .code("C2"), "the right answer after the wrong ones signs in")
    }

    @Test func answersWithAnotherStateCountAsStrays() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        defer { listener.stop() }
        for index in 0..<LoopbackListener.maximumStrayRequests {
            _ = try? await get(listener, "/?code=C\(index)&state=guess\(index)")
        }
        guard case .failed(let reason) = await listener.outcome() else {
            Issue.record("a flood of wrong states ends the wait, as any flood does")
            return
        }
        #expect(reason.contains("without the sign-in answer"))
    }

    @Test func aConnectionSendingAByteAtATimeIsClosedAtItsDeadline() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1", connectionDeadline: .milliseconds(300))
        defer { listener.stop() }
        let client = try Self.connect(port: listener.port)
        defer { _ = close(client) }
        // A whole answer, but its headers never end: each byte comes well within any per-read limit.
        #expect(Self.send(client, Array("GET /?code=SLOW&state=S1 HTTP/1.1\r\nX-Slow: ".utf8)))
        var closedByListener = false
        var answered = false
        for _ in 0..<2_000 where !closedByListener {
            try await Task.sleep(for: .milliseconds(20))
            var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 0) > 0 {
                var byte: UInt8 = 0
                let count = recv(client, &byte, 1, Int32(MSG_DONTWAIT))
                answered = count > 0
                closedByListener = true
            } else if !Self.send(client, [UInt8(ascii: "a")]) {
                closedByListener = true
            }
        }
        #expect(closedByListener, "the listener closed the connection although bytes kept coming")
        #expect(!answered, "closed unanswered")
        #expect(listener.received == nil, "an unfinished request is not an answer")
        #expect(try await get(listener, "/?code=C1&state=S1").status == 200, "the slot was freed")
        #expect(await listener.outcome() == .code("C1"))
    }

    private static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    @Test func anErrorRedirectCarriesTheServersError() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        defer { listener.stop() }
        _ = try await get(listener, "/?error=access_denied&error_description=AADSTS65004%3A%20declined.&error_codes=%5B65004%5D&state=S1")
        guard case .error(let server) = await listener.outcome() else {
            Issue.record("an error redirect is an answer")
            return
        }
        #expect(server.error == .accessDenied && server.errorCodes == [65004] && server.errorDescription == "AADSTS65004: declined.")
    }

    @Test func tooManyStrayRequestsEndTheWait() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        defer { listener.stop() }
        for _ in 0..<LoopbackListener.maximumStrayRequests {
            _ = try? await get(listener, "/probe")
        }
        guard case .failed = await listener.outcome() else {
            Issue.record("a flood ends the wait")
            return
        }
    }

    @Test func idleConnectionsOverTheCapCountAsStraysToo() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        defer { listener.stop() }
        // Connections that send nothing: the first few hold every slot, the rest are turned away unread.
        var sockets: [Int32] = []
        defer { sockets.forEach { _ = close($0) } }
        for _ in 0..<(LoopbackListener.maximumConnections + LoopbackListener.maximumStrayRequests) {
            sockets.append(try Self.connect(port: listener.port))
        }
        guard case .failed(let reason) = await listener.outcome() else {
            Issue.record("a flood of idle connections ends the wait")
            return
        }
        #expect(reason.contains("without the sign-in answer"))
    }

    private static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, result == 0 else { throw POSIXError(.ECONNREFUSED) }
        return descriptor
    }

    @Test func stoppingWakesTheWaiterAndClosesThePort() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        let waiting = Task { await listener.outcome() }
        listener.stop()
        #expect(await waiting.value == .cancelled)
    }

    @Test func anOversizedRequestIsCutAtTheBound() async throws {
        let listener = try LoopbackListener(path: "/", state: "S1")
        defer { listener.stop() }
        let long = String(repeating: "a", count: 20_000)
        _ = try? await get(listener, "/?x=\(long)&code=C&state=S1")
        #expect(listener.received == nil, "the code past 8 KiB was never read")
    }
}
