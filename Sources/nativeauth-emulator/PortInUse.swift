import Foundation
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a TCP port of 127.0.0.1 is already taken: asked after the emulator could not start on
/// the port it was given, so that the error names the port instead of the socket call that failed.
enum PortInUse {
    /// True when binding 127.0.0.1:`port` fails with `EADDRINUSE` (the socket is closed at once).
    static func check(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0, let port = UInt16(exactly: port) else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound != 0 && errno == EADDRINUSE
    }
}
