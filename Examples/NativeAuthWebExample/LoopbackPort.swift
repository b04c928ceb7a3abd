import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port free now: the kernel's pick for port 0, let go at once (the embedded emulator
/// binds it right after; when another program took it meanwhile, the emulator says so and the
/// site tries another).
enum LoopbackPort {
    static func free() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw EmulatorStartError("No socket for a free port.") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard found else { throw EmulatorStartError("No free loopback port.") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
