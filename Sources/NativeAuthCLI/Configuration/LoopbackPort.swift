#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A free TCP port on 127.0.0.1, held for the embedded emulator: bound (not listening) from the
/// moment it is found until ``release()``, so that no other socket (another process's listener, or
/// an outgoing connection picking an ephemeral port) can take it meanwhile. The emulator binds it
/// right after the release.
final class LoopbackPort: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The port.
    let number: Int
    private let descriptor: Mutex<Int32?>

    /// Binds a socket to port 0 on 127.0.0.1 and keeps it bound.
    init() throws(Failure) {
        let socketDescriptor = socket(AF_INET, streamSocket, 0)
        guard socketDescriptor >= 0 else { throw Failure(description: "no socket (errno \(errno))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
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
        number = Int(UInt16(bigEndian: address.sin_port))
        descriptor = Mutex(socketDescriptor)
    }

    deinit {
        release()
    }

    /// Lets go of the port so the emulator can bind it (once; later calls do nothing).
    func release() {
        descriptor.withLock { held in
            if let open = held { close(open) }
            held = nil
        }
    }
}

/// `SOCK_STREAM` as the socket calls take it (an enum on Glibc, an integer on Darwin).
#if canImport(Glibc)
let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
let streamSocket = SOCK_STREAM
#endif
