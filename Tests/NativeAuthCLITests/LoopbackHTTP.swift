import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Plain HTTP requests and raw sockets to an emulator on loopback, for the process-level tests.
enum LoopbackHTTP {
    /// Sends one request; returns the status and the body.
    static func request(_ method: String, _ url: URL, bearer: String? = nil, json: String? = nil, form: String? = nil,
                        timeout: TimeInterval = 30) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let form {
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Opens a TCP connection to 127.0.0.1:`port` and sends nothing; returns the descriptor.
    static func idleConnection(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw LoopbackError("connect: \(errno)")
        }
        return fd
    }

    /// Waits up to `timeout` seconds for the peer to close `fd`; true when it did (end of file or reset).
    /// The blocking read runs on a thread of its own, not on the concurrency pool.
    static func waitForClose(_ fd: Int32, timeout: Int) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread {
                var limit = timeval(tv_sec: timeout, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                var byte: UInt8 = 0
                let count = recv(fd, &byte, 1, 0)
                continuation.resume(returning: count == 0 || (count < 0 && errno == ECONNRESET))
            }.start()
        }
    }
}

struct LoopbackError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
