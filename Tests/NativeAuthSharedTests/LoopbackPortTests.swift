#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NativeAuthShared
import Testing

/// The port a command holds for its embedded emulator, from the reservation to the emulator
/// listening on it: at no moment can another reservation (another command's, another test's) take it.
@Suite("Loopback ports")
struct LoopbackPortTests {
    @Test("A held port cannot be bound by another socket, with or without SO_REUSEADDR")
    func heldPortIsRefused() throws {
        let held = try LoopbackPort()
        defer { held.release() }
        #expect(held.number > 0 && held.number < 65_536)
        #expect(!Probe.binds(held.number, reuseAddress: false))
        #expect(!Probe.binds(held.number, reuseAddress: true))
    }

    #if os(Linux)
    @Test("Opened for a server: a server socket listens on it while it is held; another reservation still cannot bind it")
    func serverTakesItOverWithoutAGap() throws {
        let held = try LoopbackPort()
        held.openForServer()
        #expect(!Probe.binds(held.number, reuseAddress: false), "a reservation drew the port while it was handed over")
        let server = try #require(Probe.listener(on: held.number), "the server could not bind the port beside the reservation")
        defer { close(server) }
        held.release()
        #expect(!Probe.binds(held.number, reuseAddress: false))
        #expect(Probe.connects(to: held.number))
    }
    #endif

    @Test("Released, the port is free")
    func releasedPortIsFree() throws {
        let held = try LoopbackPort()
        held.release()
        held.release()  // a second release does nothing
        held.openForServer()  // nor does opening a released port
        #expect(Probe.binds(held.number, reuseAddress: false))
    }
}

/// Plain sockets on 127.0.0.1, as other programs would use them.
private enum Probe {
    /// Whether a socket (with `SO_REUSEADDR` or not) can bind the port now; closed at once.
    static func binds(_ port: Int, reuseAddress: Bool) -> Bool {
        guard let socket = bound(port, reuseAddress: reuseAddress) else { return false }
        close(socket)
        return true
    }

    /// A listening socket with `SO_REUSEADDR` on the port (as SwiftNIO's server sockets), or nil.
    static func listener(on port: Int) -> Int32? {
        guard let socket = bound(port, reuseAddress: true) else { return nil }
        guard listen(socket, 8) == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    /// Whether a connection to the port is accepted by the system.
    static func connects(to port: Int) -> Bool {
        let socket = systemSocket(AF_INET, streamSocket, 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func bound(_ port: Int, reuseAddress: Bool) -> Int32? {
        let socket = systemSocket(AF_INET, streamSocket, 0)
        guard socket >= 0 else { return nil }
        var on: Int32 = 1
        if reuseAddress { setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) }
        var address = loopback(port)
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard ok else {
            close(socket)
            return nil
        }
        return socket
    }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// The C library's `socket` (the probe's own name shadows it).
private func systemSocket(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
    socket(domain, type, proto)
}
