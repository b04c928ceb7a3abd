import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on a loopback port in front of the test's PostgreSQL, for a client whose connection is
/// to go silent without closing (a half-open TCP connection): ``silenceListeningConnections()`` (a
/// replica's listening connection) and ``silenceAll()`` stop carrying bytes, either way, on the
/// connections they name, and leave their sockets open, so that neither the client nor the backend
/// hears anything, not even a close. Connections opened afterwards are carried as before. Call
/// ``stop()`` when done.
///
/// The backend itself runs on: stopping it (SIGSTOP) instead could catch it holding a lock the
/// other backends need (the notification queue's), and the whole cluster waited for it.
package final class SilenceableProxy: Sendable {
    /// The loopback port the proxy accepts connections on.
    package let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var connections: [ObjectIdentifier: Carried] = [:]
        var stopped = false
    }

    /// One carried connection: the replica's socket, the backend's, and what the proxy knows of it.
    /// Its sockets are shut down (by ``stop()``) and closed (by its thread) under the state's lock,
    /// so that no descriptor is shut down after its number was given to another socket.
    private final class Carried: Sendable {
        let client: Int32
        let upstream: Int32
        let sentListen = Atomic(false)
        let silenced = Atomic(false)
        let stopped = Atomic(false)
        init(client: Int32, upstream: Int32) {
            self.client = client
            self.upstream = upstream
        }
    }

    /// Starts a proxy to `127.0.0.1:upstreamPort`.
    package init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        (listener, port) = try LoopbackSocket.listening(backlog: 64)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops carrying bytes on every connection that has sent a `LISTEN`, and returns how many that is.
    @discardableResult
    package func silenceListeningConnections() -> Int {
        silence { $0.sentListen.load(ordering: .acquiring) }
    }

    /// Stops carrying bytes on every connection carried now, and returns how many that is.
    @discardableResult
    package func silenceAll() -> Int {
        silence { _ in true }
    }

    private func silence(where chosen: (Carried) -> Bool) -> Int {
        state.withLock { state in
            var count = 0
            for connection in state.connections.values where chosen(connection) {
                connection.silenced.store(true, ordering: .releasing)
                count += 1
            }
            return count
        }
    }

    /// Shuts every socket down; the carrying threads end and close them.
    package func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for connection in state.connections.values {
                connection.stopped.store(true, ordering: .releasing)
                shutdown(connection.client, Int32(SHUT_RDWR))
                shutdown(connection.upstream, Int32(SHUT_RDWR))
            }
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            guard let upstream = try? LoopbackSocket.connected(to: upstreamPort) else {
                close(client)
                continue
            }
            let carried = Carried(client: client, upstream: upstream)
            let accepted = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections[ObjectIdentifier(carried)] = carried
                return true
            }
            guard accepted else {
                close(client)
                close(upstream)
                continue
            }
            Thread.detachNewThread { [self] in
                Self.carry(carried)
                state.withLock { state in
                    state.connections[ObjectIdentifier(carried)] = nil
                    close(carried.client)
                    close(carried.upstream)
                }
            }
        }
        close(listener)
    }

    /// Carries bytes both ways until either side closes or the proxy stops; while silenced, reads
    /// nothing from either side and waits for the proxy to stop.
    private static func carry(_ connection: Carried) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var fds = [pollfd(fd: connection.client, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: connection.upstream, events: Int16(POLLIN), revents: 0)]
        var tail: [UInt8] = []  // the client's last bytes, for a LISTEN split across two reads
        carrying: while true {
            if connection.stopped.load(ordering: .acquiring) { break }
            if connection.silenced.load(ordering: .acquiring) {
                usleep(50_000)  // silent until the proxy stops
                continue
            }
            let ready = poll(&fds, 2, 100)
            if ready < 0 && errno != EINTR { break }
            if ready <= 0 { continue }
            for index in 0..<2 where fds[index].revents != 0 {
                if connection.silenced.load(ordering: .acquiring) { continue carrying }
                let from = fds[index].fd
                let to = index == 0 ? connection.upstream : connection.client
                let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break carrying }
                if index == 0 {
                    tail += buffer[0..<count]
                    if tail.firstRange(of: Array("LISTEN ".utf8)) != nil {
                        connection.sentListen.store(true, ordering: .releasing)
                    }
                    tail = Array(tail.suffix(6))
                }
                var sent = 0
                while sent < count {
                    let written = buffer.withUnsafeBytes { send(to, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
                    if written <= 0 { break carrying }
                    sent += written
                }
            }
        }
    }
}
