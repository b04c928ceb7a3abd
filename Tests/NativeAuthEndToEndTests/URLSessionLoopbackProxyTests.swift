#if canImport(Glibc)
import Foundation
import NativeAuth
import NativeAuthShared
import NativeAuthURLSession
import Testing

/// Issue 23, item 2, for `URLSessionTransport` (whose FoundationNetworking on Linux ignores
/// `connectionProxyDictionary` and lets libcurl follow the proxy variables): with `http_proxy`,
/// `https_proxy` and `ALL_PROXY` set, a loopback request goes straight to its server and a request to
/// another host goes to the proxy. libcurl reads the variables from the process's environment, so the
/// requests are made by this test binary run again as a child with the variables set (only that
/// child's environment has them) and a filter that runs only ``childSendsWithProxyVariablesSet()``.
@Suite(.timeLimit(.minutes(10)))
struct URLSessionLoopbackProxyTests {
    private static let serverVariable = "NATIVEAUTH_TEST_LOOPBACK_SERVER"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[serverVariable] == nil))
    func aLoopbackRequestSkipsTheProxyAndAnotherHostUsesIt() async throws {
        let server = try CannedHTTPServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        defer { server.stop() }
        let proxy = try CannedHTTPServer(reply: "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        defer { proxy.stop() }
        var environment = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            environment[name] = proxy.baseURL.absoluteString
        }
        for name in ["no_proxy", "NO_PROXY"] { environment[name] = nil }
        environment[Self.serverVariable] = server.baseURL.appendingPathComponent("token").absoluteString

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("url-session-proxy-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let log = try FileHandle(forWritingTo: output)
        let child = try ChildProcess(
            executable: try Self.testBinary(),
            arguments: ["--testing-library", "swift-testing", "--filter", "childSendsWithProxyVariablesSet"],
            environment: environment, standardOutput: .descriptor(log.fileDescriptor), standardError: .descriptor(log.fileDescriptor))
        try log.close()
        let ending = await child.ending()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(ending == .exited(0), "the child's tests passed:\n\(printed)")
        #expect(printed.contains("childSendsWithProxyVariablesSet"), "the child ran its test:\n\(printed)")
        #expect(server.requestHeads.count == 1 && server.requestHeads.first?.hasPrefix("POST /token ") == true,
                "the loopback server got the request itself: \(server.requestHeads)")
        #expect(!proxy.requestHeads.isEmpty, "the other host's request went to the proxy")
        #expect(proxy.requestHeads.allSatisfy { $0.hasPrefix("CONNECT example.invalid:443 ") }, "and only it: \(proxy.requestHeads)")
    }

    /// Runs only in the child started above, whose environment names the proxy.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[serverVariable] != nil))
    func childSendsWithProxyVariablesSet() async throws {
        let url = try #require(ProcessInfo.processInfo.environment[Self.serverVariable].flatMap(URL.init(string:)))
        let transport = URLSessionTransport(timeout: 20)
        let response = try await transport.send(HTTPRequest(method: "POST", url: url, headers: [], body: Data("a=1".utf8)))
        #expect(response.status == 200 && response.body == Data("ok".utf8))
        // `.invalid` never resolves, and through a proxy the client does not try: the proxy refuses.
        let remote = HTTPRequest(method: "GET", url: URL(string: "https://example.invalid/")!, headers: [], body: Data())
        await #expect(throws: HTTPTransportError.self) { try await transport.send(remote) }
    }

    /// The test binary this test runs in (`swift test` runs swift-testing's tests from it).
    private static func testBinary() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        try #require(FileManager.default.isExecutableFile(atPath: path), "no test binary at \(path)")
        return path
    }
}
#endif
