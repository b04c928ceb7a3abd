#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A free TCP port on 127.0.0.1, held for the embedded emulator: bound (not listening) from the
/// moment it is found until ``release()``, so that no other socket can take it meanwhile.
///
/// The emulator takes it over without a moment in which the port is free: ``openForServer()`` lets
/// a server socket that sets `SO_REUSEADDR` (SwiftNIO's and so Hummingbird's do, as PostgreSQL's and
/// nginx's) bind and listen on the port while it is still held, and ``release()`` lets go of it once
/// the server listens. Every other socket, among them another `LoopbackPort`'s, still cannot bind it
/// (Linux refuses a bind when either socket lacks `SO_REUSEADDR`). Where `SO_REUSEADDR` does not
/// let two sockets bind one address (macOS), ``openForServer()`` releases the port, and the server
/// binds it right after.
///
/// The port is picked from 20000 up to the system's ephemeral range (`/proc/sys/net/ipv4/ip_local_port_range`,
/// from 32768 by default on Linux; from 49152 on macOS): in the short moment between the release and
/// the emulator's bind, a port of the ephemeral range may be handed to any outgoing connection or to
/// another program asking for "any port"; one below it is only taken by a program that asks for it.
/// (Below 20000, browsers refuse some ports, such as 10080.) When no such port is free, port 0 picks one.
/// A program that releases the port before its server binds it leaves that moment open: another
/// program's `LoopbackPort` may draw the same port in it.
///
/// The one way this package's programs and tests pick a loopback port for a server they start: the
/// CLI's embedded emulator, the web example's, and the tests' PostgreSQL clusters.
package final class LoopbackPort: Sendable {
    /// Why no port could be held.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The port.
    package let number: Int
    private let descriptor: Mutex<Int32?>

    /// Finds a free port and keeps a socket bound to it.
    package init() throws(Failure) {
        let low = Self.ephemeralLow()
        if low > 21_000 {
            for _ in 0..<32 {
                if let found = try? Self.bindSocket(port: Int.random(in: 20_000..<low)) {
                    number = found.port
                    descriptor = Mutex(found.socket)
                    return
                }
            }
        }
        let found = try Self.bindSocket(port: 0)
        number = found.port
        descriptor = Mutex(found.socket)
    }

    deinit {
        release()
    }

    /// Lets a server bind and listen on the port while it stays held (see the type's notes); call
    /// ``release()`` once the server listens, or when it could not start. After a release, does nothing.
    package func openForServer() {
        #if os(Linux)
        descriptor.withLock { held in
            guard let open = held else { return }
            var on: Int32 = 1
            if setsockopt(open, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) != 0 {
                close(open)  // the server could not bind it beside this socket: free it instead
                held = nil
            }
        }
        #else
        release()
        #endif
    }

    /// Lets go of the port (once; later calls do nothing).
    package func release() {
        descriptor.withLock { held in
            if let open = held { close(open) }
            held = nil
        }
    }

    /// The first port of the system's ephemeral range.
    private static func ephemeralLow() -> Int {
        #if os(Linux)
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32768
        #else
        return 49152
        #endif
    }

    /// A socket bound to 127.0.0.1:`port` (0: any) and the port it got.
    private static func bindSocket(port: Int) throws(Failure) -> (socket: Int32, port: Int) {
        let socketDescriptor = socket(AF_INET, streamSocket, 0)
        guard socketDescriptor >= 0 else { throw Failure(description: "no socket (errno \(errno))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socketDescriptor, pointer, length) == 0 && getsockname(socketDescriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(socketDescriptor)
            throw Failure(description: "no free port on 127.0.0.1 (errno \(code))")
        }
        return (socketDescriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
