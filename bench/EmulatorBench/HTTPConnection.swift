import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking HTTP/1.1 keep-alive client over one loopback TCP connection.
/// Just enough for the benchmark: POST a form, read a Content-Length response.
///
/// It runs in the benchmark's own process, so its CPU time is counted with the emulator's: it works
/// on bytes in one receive buffer allocated once (no per-read allocation, no Foundation string
/// searching or header splitting), so that what the benchmark measures is mostly the server.
final class HTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A response: its status and body bytes.
    struct Response {
        var status: Int
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        /// Whether the body contains `needle`.
        func contains(_ needle: [UInt8]) -> Bool { Self.find(needle, in: body[...]) != nil }

        /// The value of a JSON string member `"name":"value"` (a value without escapes), or nil.
        func stringMember(_ prefix: [UInt8]) -> String? {
            guard let start = Self.find(prefix, in: body[...]) else { return nil }
            let valueStart = start + prefix.count
            guard let end = body[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: body[valueStart..<end], as: UTF8.self)
        }

        static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
            guard let first = needle.first, haystack.count >= needle.count else { return nil }
            var index = haystack.startIndex
            let last = haystack.endIndex - needle.count
            while index <= last {
                if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
    }

    private let fd: Int32
    private let headPrefix: [UInt8]
    private var buffer: UnsafeMutableRawBufferPointer
    /// The received bytes not yet consumed are `buffer[start..<end]`.
    private var start = 0
    private var end = 0

    init(port: Int) throws {
        headPrefix = Array("Host: 127.0.0.1:\(port)\r\nContent-Type: ".utf8)
        buffer = .allocate(byteCount: 1 << 16, alignment: 16)
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure(description: "connect: errno \(errno)") }
    }

    deinit {
        close(fd)
        buffer.deallocate()
    }

    /// POSTs a form body and returns the response.
    func post(path: String, form: String) throws -> Response {
        try send("POST", path: path, contentType: "application/x-www-form-urlencoded", body: form)
    }

    /// Sends a JSON body (API V2's steps) and returns the response.
    func send(_ method: String = "POST", path: String, json: String) throws -> Response {
        try send(method, path: path, contentType: "application/json", body: json)
    }

    private func send(_ method: String, path: String, contentType: String, body: String) throws -> Response {
        var request: [UInt8] = []
        request.reserveCapacity(256 + body.utf8.count)
        request += method.utf8
        request += " ".utf8
        request += path.utf8
        request += " HTTP/1.1\r\n".utf8
        request += headPrefix
        request += contentType.utf8
        request += "\r\nContent-Length: ".utf8
        request += String(body.utf8.count).utf8
        request += "\r\n\r\n".utf8
        request += body.utf8
        try send(request)
        return try readResponse()
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "write: errno \(errno)")
            }
            offset += written
        }
    }

    /// Reads more bytes into the buffer (moving what is unread to its front first, when needed).
    private func fill() throws {
        if end == buffer.count {
            guard start > 0 else { throw Failure(description: "response larger than the buffer") }
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
            end -= start
            start = 0
        }
        let count = read(fd, buffer.baseAddress! + end, buffer.count - end)
        if count < 0 && errno == EINTR { return }
        guard count > 0 else { throw Failure(description: "connection closed (errno \(errno))") }
        end += count
    }

    private func readResponse() throws -> Response {
        var scanned = start
        var headerEnd: Int?
        while headerEnd == nil {
            while scanned + 4 <= end {
                if buffer[scanned] == 13, buffer[scanned + 1] == 10, buffer[scanned + 2] == 13, buffer[scanned + 3] == 10 {
                    headerEnd = scanned
                    break
                }
                scanned += 1
            }
            if headerEnd == nil { try fill() }
        }
        let head = UnsafeRawBufferPointer(rebasing: buffer[start..<headerEnd!])
        // "HTTP/1.1 200 OK"
        guard head.count >= 12 else { throw Failure(description: "bad status line") }
        var status = 0
        for byte in head[9..<12] {
            guard byte >= 48, byte <= 57 else { throw Failure(description: "bad status line") }
            status = status * 10 + Int(byte - 48)
        }
        let length = Self.contentLength(head)
        let bodyStart = headerEnd! + 4
        while end < bodyStart + length { try fill() }
        let body = Array(UnsafeRawBufferPointer(rebasing: buffer[bodyStart..<bodyStart + length]))
        start = bodyStart + length
        if start == end { start = 0; end = 0 }
        return Response(status: status, body: body)
    }

    private static let contentLengthName = Array("content-length:".utf8)

    /// The Content-Length header's value (0 when there is none), matching the name in any case.
    private static func contentLength(_ head: UnsafeRawBufferPointer) -> Int {
        var lineStart = 0
        while lineStart < head.count {
            var lineEnd = lineStart
            while lineEnd < head.count, head[lineEnd] != 13 { lineEnd += 1 }
            if lineEnd - lineStart > contentLengthName.count {
                var matches = true
                for (offset, expected) in contentLengthName.enumerated() {
                    var byte = head[lineStart + offset]
                    if byte >= 65, byte <= 90 { byte += 32 }
                    if byte != expected { matches = false; break }
                }
                if matches {
                    var value = 0
                    for byte in head[(lineStart + contentLengthName.count)..<lineEnd] where byte >= 48 && byte <= 57 {
                        value = value * 10 + Int(byte - 48)
                    }
                    return value
                }
            }
            lineStart = lineEnd + 2
        }
        return 0
    }
}
