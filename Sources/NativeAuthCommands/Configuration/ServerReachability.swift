#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the server of a stored account is still there, for an authority on loopback that is not
/// the embedded emulator (a `nativeauth emulator` that may have been stopped): a TCP connection with
/// a short timeout. Remote hosts are never probed.
enum ServerReachability {
    /// What `status` and `token` say about an account whose server is gone.
    static let notReachable = "server not reachable: is `nativeauth emulator` running?"

    /// How long a connection may take; loopback answers in microseconds.
    static let timeoutMilliseconds: Int32 = 300

    /// False when nothing accepts a connection at `location`'s loopback address; nil when the
    /// location is not probed (the embedded emulator, or a remote host).
    static func isReachable(_ location: SignInLocation) -> Bool? {
        guard location.isLoopback, let url = location.authority, let host = url.host else { return nil }
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        let bare = host.trimmed(TrimmedCharacters("[]"))
        return acceptsConnection(host: bare, port: port)
    }

    private static func acceptsConnection(host: String, port: Int) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = streamSocket
        hints.ai_flags = AI_NUMERICSERV
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else { return false }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            if connects(info.pointee) { return true }
            entry = info.pointee.ai_next
        }
        return false
    }

    /// A non-blocking connect, waited for with `poll` up to the timeout.
    private static func connects(_ info: addrinfo) -> Bool {
        let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        if connect(descriptor, info.ai_addr, info.ai_addrlen) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&waiting, 1, timeoutMilliseconds) == 1 else { return false }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return false }
        return failure == 0
    }
}
