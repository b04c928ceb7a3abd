import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A free TCP port on 127.0.0.1 for the embedded emulator, which listens on it later; if another
/// program took it in between, the emulator fails to start and says so.
///
/// The port is picked from 20000 up to the system's ephemeral range (`/proc/sys/net/ipv4/ip_local_port_range`,
/// from 32768 by default on Linux; from 49152 on macOS). A port of the ephemeral range, once released,
/// may be handed to any outgoing connection on the machine before the emulator binds it; one below
/// it is only taken by a program that asks for it. (Below 20000, browsers refuse some ports, such as
/// 10080.) When no such port is free, port 0 picks one.
enum LoopbackPort {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func reserve() throws(Failure) -> Int {
        let low = ephemeralLow()
        if low > 21_000 {
            for _ in 0..<32 {
                // From 20000: browsers refuse some lower ports (Chromium and Firefox block 10080).
                let port = Int.random(in: 20_000..<low)
                if (try? bindOnce(port: port)) == port { return port }
            }
        }
        return try bindOnce(port: 0)
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

    /// Binds 127.0.0.1:`port` (0: any), then closes; returns the port bound.
    private static func bindOnce(port: Int) throws(Failure) -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket (errno \(errno))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
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
