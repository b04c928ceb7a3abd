import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking HTTP/1.1 keep-alive client over one loopback TCP connection.
/// Just enough for the benchmark: POST a form, read a Content-Length response.
final class HTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32
    private var buffer = [UInt8]()
    private let host: String
    private let port: Int

    init(port: Int) throws {
        self.host = "127.0.0.1"
        self.port = port
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
    }

    /// POSTs a form body and returns (status, body).
    func post(path: String, form: String) throws -> (Int, String) {
        let request = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: \(form.utf8.count)\r\n\r\n" + form
        try send(Array(request.utf8))
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

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 16_384) }
        if count < 0 && errno == EINTR { return }
        guard count > 0 else { throw Failure(description: "connection closed (errno \(errno))") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    private func readResponse() throws -> (Int, String) {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if buffer.count >= 4 {
                for index in 0...(buffer.count - 4) where buffer[index..<index + 4].elementsEqual(separator) {
                    headerEnd = index
                    break
                }
            }
            if headerEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ")[1]) else {
            throw Failure(description: "bad status line")
        }
        var length = 0
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        let bodyStart = headerEnd! + 4
        while buffer.count < bodyStart + length { try fill() }
        let body = String(decoding: buffer[bodyStart..<bodyStart + length], as: UTF8.self)
        buffer.removeFirst(bodyStart + length)
        return (status, body)
    }
}
