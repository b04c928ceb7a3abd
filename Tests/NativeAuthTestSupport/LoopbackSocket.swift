import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on 127.0.0.1 at a port the system picks, for the tests' own small servers
/// (a canned HTTP answer, a proxy).
package enum LoopbackServerSocket {
    /// Why no socket could be opened.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Opens, binds and listens; returns the descriptor (the caller closes it) and the port.
    package static func open(backlog: Int32 = 128) throws(Failure) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, backlog) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw Failure(description: "bind/listen failed: errno \(code)")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
