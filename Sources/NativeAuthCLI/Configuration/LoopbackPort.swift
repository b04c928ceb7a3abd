#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A free TCP port on 127.0.0.1, found by binding port 0, reading the port the system chose and
/// closing the socket. The embedded emulator listens on it later; if another program took it in
/// between, the emulator fails to start and says so.
enum LoopbackPort {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func reserve() throws(Failure) -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket (errno \(errno))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "no free port on 127.0.0.1 (errno \(errno))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// `SOCK_STREAM` as the socket calls take it (an enum on Glibc, an integer on Darwin).
#if canImport(Glibc)
let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
let streamSocket = SOCK_STREAM
#endif
