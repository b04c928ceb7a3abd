import Foundation
import NativeAuthTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, item 2, on the built binary: with `http_proxy`, `https_proxy` and `ALL_PROXY` pointing
/// at a listener playing the proxy, requests to loopback (a password sign-in to a foreground
/// emulator, `call` to its API, the embedded emulator) go straight to this machine and the listener
/// sees nothing; a request to any other host still goes to the proxy. Only the `nativeauth` child
/// processes get the variables, never the test process.
@Suite(.timeLimit(.minutes(10)))
struct LoopbackProxyTests {
    /// The sandbox's environment with every proxy variable set to `proxy`, and no `NO_PROXY`.
    private static func proxied(_ sandbox: CLISandbox, through proxy: ProxyTrap) -> CLISandbox {
        var sandbox = sandbox
        let url = "http://127.0.0.1:\(proxy.port)"
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            sandbox.environment[name] = url
        }
        for name in ["no_proxy", "NO_PROXY"] { sandbox.environment[name] = nil }
        return sandbox
    }

    @Test func loopbackRequestsNeverGoThroughTheProxy() async throws {
        let proxy = try ProxyTrap()
        defer { proxy.stop() }
        let sandbox = Self.proxied(try CLISandbox(fixedCode: "86427531"), through: proxy)
        defer { sandbox.remove() }

        // A password sign-in to a loopback authority (a foreground emulator), then `call` to its API.
        let emulator = try await ForegroundEmulator.start(in: sandbox)
        let password = try await sandbox.run(["signin", "--authority", emulator.authority, "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(password.status == 0, "\(password)")
        let me = try await sandbox.run(["call", "\(emulator.baseURL.absoluteString)/v1.0/me", "--account", "bob@example.com"])
        #expect(me.status == 0, "\(me)")
        #expect(me.json?["userPrincipalName"] as? String == "bob@example.com", "\(me)")
        #expect(try await emulator.requestedPaths().contains("/v1.0/me"), "the emulator itself answered")
        _ = await emulator.stop()

        // The embedded emulator, and `call` to its API.
        let embedded = try await sandbox.run(["signin", "--email", "alice@example.com", "--code", "86427531"])
        #expect(embedded.status == 0, "\(embedded)")
        let embeddedMe = try await sandbox.run(["call", "/v1.0/me", "--account", "alice@example.com"])
        #expect(embeddedMe.status == 0, "\(embeddedMe)")
        #expect(embeddedMe.json?["userPrincipalName"] as? String == "alice@example.com", "\(embeddedMe)")

        #expect(proxy.requests.isEmpty, "the proxy saw: \(proxy.requests)")
    }

    @Test func anotherHostStillGoesThroughTheProxy() async throws {
        let proxy = try ProxyTrap()
        defer { proxy.stop() }
        let sandbox = Self.proxied(try CLISandbox(), through: proxy)
        defer { sandbox.remove() }
        // `.invalid` never resolves (RFC 6761), and through a proxy the client does not even try:
        // the only connection made is the one to the listener on loopback.
        let result = try await sandbox.run(
            ["signin", "--authority", "https://example.invalid/contoso.onmicrosoft.com",
             "--client-id", "00001111-aaaa-2222-bbbb-3333cccc4444", "--password", "carol@example.com"],
            input: "not-a-password\n")
        #expect(result.status != 0, "the proxy refused the tunnel: \(result)")
        #expect(proxy.requests.contains("CONNECT example.invalid:443 HTTP/1.1"), "the proxy saw: \(proxy.requests)")
        #expect(proxy.requests.allSatisfy { $0.hasPrefix("CONNECT example.invalid:443 ") }, "\(proxy.requests)")
    }
}

/// A listener on `127.0.0.1` playing an HTTP proxy: it keeps the request line of every connection
/// and answers each with `502 Bad Gateway`, so nothing is forwarded anywhere.
final class ProxyTrap: Sendable {
    let port: Int
    private let descriptor: Int32
    private let state = Mutex<(requests: [String], stopping: Bool)>(([], false))

    init() throws {
        (descriptor, port) = try LoopbackSocket.listening(backlog: 16)
        Thread { [self] in serve() }.start()
    }

    /// The request line of each connection so far (empty when a connection sent none).
    var requests: [String] { state.withLock { $0.requests } }

    /// Stops accepting (within 100 ms) and closes the socket.
    func stop() { state.withLock { $0.stopping = true } }

    private func serve() {
        defer { close(descriptor) }
        while !state.withLock({ $0.stopping }) {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            var limit = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1024)
            while bytes.count < 8192, bytes.firstRange(of: [13, 10, 13, 10]) == nil {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            let line = String(decoding: bytes.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
            state.withLock { $0.requests.append(line) }
            let answer = Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = send(client, answer, answer.count, Int32(MSG_NOSIGNAL))
            close(client)
        }
    }
}
