#if canImport(Glibc)
import Foundation
import Glibc
import NativeAuthTestSupport
import Synchronization

/// A tiny HTTP/1.1 server on a loopback port that answers every request with the same raw bytes, or
/// never answers: for the replies the emulator cannot make (interim `1xx` responses, chunked bodies
/// without a length, folded header lines) and for requests that must hang. One thread per
/// connection; it keeps the head of each request it read.
final class CannedHTTPServer: Sendable {
    let port: Int
    private let listener: Int32
    private let received = Mutex<[String]>([])

    /// Pause between two bytes of a reply's body, when the server trickles it.
    private let byteInterval: Duration?

    /// `reply` is written as is after each request's head and body are read (or, with `answerAtOnce`,
    /// as soon as the connection is accepted), then the connection is closed; with nil, the connection
    /// is held open, unanswered, until the client closes it. With `byteInterval`, the reply's head goes
    /// at once and its body one byte at a time, `byteInterval` apart.
    init(reply: Data?, answerAtOnce: Bool = false, byteInterval: Duration? = nil) throws {
        self.byteInterval = byteInterval
        (listener, port) = try LoopbackSocket.listening()
        Thread { [self] in acceptLoop(reply: reply, answerAtOnce: answerAtOnce) }.start()
    }

    convenience init(reply: String?, answerAtOnce: Bool = false, byteInterval: Duration? = nil) throws {
        try self.init(reply: reply.map { Data($0.utf8) }, answerAtOnce: answerAtOnce, byteInterval: byteInterval)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The heads (request line and headers) of the requests read so far.
    var requestHeads: [String] { received.withLock { $0 } }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop(reply: Data?, answerAtOnce: Bool) {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in
                if answerAtOnce, let reply {
                    Self.write(reply, to: connection)
                    close(connection)
                } else {
                    serve(connection, reply: reply)
                }
            }.start()
        }
    }

    private func serve(_ connection: Int32, reply: Data?) {
        defer { close(connection) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        func readMore() -> Bool {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard readMore() else { return }
            headEnd = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4].elementsEqual(separator) }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        received.withLock { $0.append(head) }
        let bodyLength = head.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        while buffer.count < headEnd! + 4 + bodyLength {
            guard readMore() else { return }
        }
        guard let reply else {
            while readMore() { buffer.removeAll(keepingCapacity: true) }  // until the client gives up
            return
        }
        guard let byteInterval, let split = reply.range(of: Data("\r\n\r\n".utf8)) else {
            Self.write(reply, to: connection)
            return
        }
        Self.write(reply[..<split.upperBound], to: connection)
        for byte in reply[split.upperBound...] {
            Thread.sleep(forTimeInterval: Double(byteInterval.components.attoseconds) / 1e18 + Double(byteInterval.components.seconds))
            guard Self.write(Data([byte]), to: connection) else { return }
        }
    }

    @discardableResult
    private static func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
#endif
