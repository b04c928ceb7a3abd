#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NativeAuthShared

/// The port of an emulator a test stopped, kept dead for as long as the test holds this: a socket
/// bound to it with `SO_REUSEADDR` (so the stopped server's `TIME_WAIT` connections do not stand in
/// the way) and never listening, so a connection there is refused, as when nothing runs. Without it,
/// another test's server asking for any port could be given this one, and the "stopped" emulator
/// would answer again (another's, with a 404).
///
/// The kernel gives a port asked for with 0 only where no socket is bound, and a `LoopbackPort`
/// (which does not set `SO_REUSEADDR`) cannot bind beside this socket.
final class StoppedEmulatorPort {
    private let socketDescriptor: Int32

    /// Holds `port` on 127.0.0.1, or nil when some other socket took it already.
    init?(_ port: Int) {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { return nil }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound else {
            close(descriptor)
            return nil
        }
        socketDescriptor = descriptor
    }

    deinit {
        close(socketDescriptor)
    }
}
