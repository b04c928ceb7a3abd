#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loopback redirect of a browser sign-in (RFC 8252 §7.3): a socket on `127.0.0.1`, on a port
/// the system picks, that waits for the one request carrying the answer, sends the browser a small
/// page, and closes.
///
/// Bounded in every way: requests of at most 8 KiB; one deadline of 5 seconds per connection for
/// its whole request (not per read, so a client sending a byte at a time cannot hold a slot); at
/// most 32 requests that are not the answer (a favicon, a probe, a connection that missed its
/// deadline, an answer with another `state`); 4 connections read at once (a browser may open an
/// idle one beside the one it uses); one answer. An answer with another `state` is refused (400)
/// and the wait goes on, so another local user who finds the port cannot end the sign-in with one
/// request. The socket is served by a thread of its own that checks every 200 ms whether it should stop.
final class LoopbackListener: Sendable {
    /// The port the system picked.
    let port: Int
    private let descriptor: Int32
    private let path: String
    private let expectedState: String
    private let connectionDeadline: Duration
    private let state = Mutex(State())

    static let maximumStrayRequests = 32
    static let maximumConnections = 4
    /// How long a connection has to send its whole request.
    static let defaultConnectionDeadline = Duration.seconds(5)

    private struct State {
        var outcome: LoopbackOutcome?
        var waiters: [CheckedContinuation<LoopbackOutcome, Never>] = []
        var stopping = false
        var connections = 0
        var strays = 0
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Binds `127.0.0.1:0` and starts serving; the answer is expected at `path` with `state`.
    /// `connectionDeadline` bounds the time from accepting a connection to the end of its request.
    init(path: String, state expectedState: String,
         connectionDeadline: Duration = LoopbackListener.defaultConnectionDeadline) throws(SetupFailure) {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw SetupFailure(description: "no socket (errno \(errno))") }
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
        guard bound, listen(descriptor, 8) == 0 else {
            let code = errno
            close(descriptor)
            throw SetupFailure(description: "cannot listen on 127.0.0.1 (errno \(code))")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.path = path
        self.expectedState = expectedState
        self.connectionDeadline = connectionDeadline
        DetachedThread.start { [self] in serve() }
    }

    /// The answer, if one arrived already.
    var received: LoopbackOutcome? { state.withLock { $0.outcome } }

    /// Waits for the answer; `.cancelled` when the task is cancelled.
    func outcome() async -> LoopbackOutcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LoopbackOutcome, Never>) in
                let ready: LoopbackOutcome? = state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.waiters.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish(.cancelled)
        }
    }

    /// Stops listening (the socket closes within 200 ms). Waiters get `.cancelled` if nothing came.
    func stop() {
        finish(.cancelled)
        state.withLock { $0.stopping = true }
    }

    /// Records the outcome (the first one wins) and wakes the waiters.
    private func finish(_ outcome: LoopbackOutcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<LoopbackOutcome, Never>] in
            if state.outcome == nil { state.outcome = outcome }
            defer { state.waiters = [] }
            return state.waiters
        }
        let final = received ?? outcome
        for waiter in waiters { waiter.resume(returning: final) }
    }

    // MARK: The serving thread

    private func serve() {
        defer { close(descriptor) }
        while !state.withLock({ $0.stopping || $0.outcome != nil }) {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 200)
            if ready < 0 && errno != EINTR {
                finish(.failed("the loopback listener failed (errno \(errno))"))
                return
            }
            guard ready > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            let admitted = state.withLock { state -> Bool in
                guard state.connections < Self.maximumConnections else { return false }
                state.connections += 1
                return true
            }
            guard admitted else {
                close(client)
                countStray()  // turned away unread: a stray as much as one that was read
                continue
            }
            // Each connection on a thread of its own: an idle connection cannot hold up the answer.
            DetachedThread.start { [self] in
                let answered = handle(client)
                close(client)
                state.withLock { $0.connections -= 1 }
                if !answered { countStray() }
            }
        }
    }

    /// Counts a connection that did not carry the answer; enough of them end the wait.
    private func countStray() {
        let strays = state.withLock { state -> Int in
            state.strays += 1
            return state.strays
        }
        if strays >= Self.maximumStrayRequests {
            finish(.failed("\(strays) requests reached the loopback redirect without the sign-in answer"))
        }
    }

    /// Reads one request and answers it; true when it carried the answer (then it is recorded).
    /// A connection whose request is not complete at its deadline is closed unanswered.
    private func handle(_ client: Int32) -> Bool {
        let deadline = ContinuousClock.now + connectionDeadline
        // A bound on each call too, should a read or write block after poll said it would not.
        var timeout = Self.socketTimeout(connectionDeadline)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while bytes.count < LoopbackRequest.maximumSize, !bytes.ends(with: [13, 10, 13, 10]) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Self.milliseconds(left))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }  // the deadline passed (or poll failed): unanswered
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if let end = bytes.firstRange(of: [13, 10, 13, 10]) { bytes = Array(bytes[..<end.upperBound]) }
        }
        let head = String(decoding: bytes.prefix(LoopbackRequest.maximumSize), as: UTF8.self)
        let (outcome, status, page) = LoopbackRequest.read(head, path: path, state: expectedState)
        if let outcome { finish(outcome) }
        let response = LoopbackRequest.response(status: status, page: page)
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Self.noSignal) }
            guard count > 0 else { break }
            sent += count
        }
        return outcome != nil
    }

    /// `duration` in whole milliseconds for poll, at least 1 (so a positive wait never becomes 0).
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(1, total))
    }

    private static func socketTimeout(_ duration: Duration) -> timeval {
        let (seconds, attoseconds) = duration.components
        var timeout = timeval()
        timeout.tv_sec = numericCast(seconds)
        timeout.tv_usec = numericCast(attoseconds / 1_000_000_000_000)
        return timeout
    }

    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
