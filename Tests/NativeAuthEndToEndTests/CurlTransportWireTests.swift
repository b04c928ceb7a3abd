#if canImport(Glibc)
import Foundation
import NativeAuth
import Testing

/// ``CurlTransport`` against canned raw HTTP replies the emulator cannot make: interim `1xx`
/// responses, folded and repeated header fields, chunked bodies with no length; and what it sends.
@Suite struct CurlTransportWireTests {
    @Test func interimResponsesAreSkippedAndHeaderNamesIgnoreCase() async throws {
        let server = try CannedHTTPServer(reply: """
            HTTP/1.1 103 Early Hints\r
            Link: </style.css>; rel=preload\r
            \r
            HTTP/1.1 200 OK\r
            Content-Type: application/json\r
            X-Folded: first\r
             second\r
            Set-Thing: 1\r
            set-thing: 2\r
            Content-Length: 2\r
            Connection: close\r
            \r
            {}
            """)
        defer { server.stop() }
        let response = try await CurlTransport().send(Self.get(server.baseURL))
        #expect(response.status == 200)
        #expect(response.body == Data("{}".utf8))
        #expect(response.header("CONTENT-TYPE") == "application/json")
        #expect(response.header("link") == nil)
        #expect(response.header("x-folded") == "first second")
        #expect(response.header("Set-Thing") == "1, 2")
    }

    @Test func aChunkedBodyOverTheDefaultLimitIsRefusedWhileStreaming() async throws {
        let limit = CurlTransport.defaultMaximumResponseBodySize
        #expect(limit == 1 << 20)
        let over = try CannedHTTPServer(reply: Self.chunked(size: limit + 1))
        let at = try CannedHTTPServer(reply: Self.chunked(size: limit))
        defer { over.stop(); at.stop() }
        let transport = CurlTransport()
        let error = try await #require(throws: HTTPTransportError.self) {
            try await transport.send(Self.get(over.baseURL))
        }
        #expect(!error.isTransient)
        #expect(error.message.contains("larger than \(limit) bytes"))
        #expect(try await transport.send(Self.get(at.baseURL)).body.count == limit)
    }

    @Test func endlessInterimResponsesAreRefused() async throws {
        let interim = String(repeating: "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n", count: 2000)
        let server = try CannedHTTPServer(reply: interim + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        defer { server.stop() }
        let error = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().send(Self.get(server.baseURL))
        }
        #expect(!error.isTransient)
        #expect(error.message.contains("header"))
    }

    @Test func aLargeBodyGoesWithoutExpectContinue() async throws {
        let server = try CannedHTTPServer(reply: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        defer { server.stop() }
        let body = Data(repeating: UInt8(ascii: "a"), count: 2 << 20)  // libcurl asks for 100-continue above 1 MiB
        let request = HTTPRequest(
            method: "POST", url: server.baseURL.appendingPathComponent("upload"),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("client-request-id", "abc")], body: body)
        #expect(try await CurlTransport().send(request).status == 204)
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(!head.contains("expect:"))
        #expect(head.contains("content-length: \(body.count)"))
        #expect(head.contains("client-request-id: abc"))
        #expect(head.hasPrefix("post /upload http/1.1"))
    }

    @Test func aHeaderWithALineBreakIsNotSent() async throws {
        let server = try CannedHTTPServer(reply: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        defer { server.stop() }
        let request = HTTPRequest(method: "GET", url: server.baseURL, headers: [("X-Evil", "a\r\nX-Injected: 1")], body: Data())
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(!error.isTransient)
        #expect(server.requestHeads.isEmpty)
    }

    @Test(arguments: ["ftp://127.0.0.1/file", "file:///etc/passwd", "gopher://127.0.0.1/"])
    func onlyHTTPAndHTTPSAreAllowed(url: String) async throws {
        let error = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().send(Self.get(URL(string: url)!))
        }
        #expect(!error.isTransient)
    }

    @Test func aTLSFailureIsNotTransient() async throws {
        // Plain HTTP bytes where a TLS handshake is expected.
        let server = try CannedHTTPServer(reply: "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n", answerAtOnce: true)
        defer { server.stop() }
        let url = URL(string: "https://127.0.0.1:\(server.port)/")!
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(Self.get(url)) }
        #expect(!error.isTransient)
        #expect(error.message.contains("TLS"))
    }

    @Test func anUnreadableCAFileIsNotTransient() async throws {
        let server = try CannedHTTPServer(reply: "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n", answerAtOnce: true)
        defer { server.stop() }
        let transport = CurlTransport(caFile: "/nonexistent/nativeauth-ca.pem")
        let url = URL(string: "https://127.0.0.1:\(server.port)/")!
        let error = try await #require(throws: HTTPTransportError.self) { try await transport.send(Self.get(url)) }
        #expect(!error.isTransient)
        #expect(error.message.contains("CA certificate file"))
    }

    static func get(_ url: URL) -> HTTPRequest {
        HTTPRequest(method: "GET", url: url, headers: [("Accept", "application/json")], body: Data())
    }

    /// A chunked response whose body is `size` bytes, with no Content-Length.
    static func chunked(size: Int) -> Data {
        var reply = Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        var left = size
        while left > 0 {
            let count = min(left, 16 * 1024)
            reply.append(Data((String(count, radix: 16) + "\r\n").utf8))
            reply.append(Data(repeating: UInt8(ascii: "b"), count: count))
            reply.append(Data("\r\n".utf8))
            left -= count
        }
        reply.append(Data("0\r\n\r\n".utf8))
        return reply
    }
}
#endif
