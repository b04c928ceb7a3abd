#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import NativeAuthEmulatorInterface
import NativeAuthShared
import Synchronization

/// A `nativeauth-emulator embedded` child: its standard input is one end of a socket pair this
/// process holds open (closing it stops the child; so does this process's death; a socket, not a
/// pipe, so that writing to a child that died is an error, not a SIGPIPE), its standard output the
/// ``EmbeddedEmulatorMessage`` lines, read on a thread of their own.
final class EmbeddedEmulatorChild: EmbeddedEmulatorRun {
    /// How long ``stop()`` waits for the child to stop by itself before it kills it.
    static let stopGrace: Duration = .seconds(3)
    /// How long ``start(executable:arguments:environment:onCode:)`` waits for the child to listen.
    static let startLimit: Duration = .seconds(30)

    private let process: ChildProcess
    private let input: Mutex<Int32>
    private let syncs = SyncWaiters()

    private init(process: ChildProcess, input: Int32) {
        self.process = process
        self.input = Mutex(input)
    }

    /// Starts the child and returns once it said it listens; throws with its reason when it failed,
    /// ended, or said nothing in ``startLimit``.
    static func start(executable: String, arguments: [String], environment: [String: String],
                      onCode: @escaping @Sendable (EmbeddedCode) -> Void) async throws(EmulatorProgramError) -> EmbeddedEmulatorChild {
        let toChild = try socketPair(), fromChild = try closeOnExecPipe()
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                       standardInput: .descriptor(toChild.read), standardOutput: .descriptor(fromChild.write),
                                       standardError: .null)
        } catch {
            [toChild.read, toChild.write, fromChild.read, fromChild.write].forEach { _ = close($0) }
            throw EmulatorProgramError(description: "cannot start \(executable): \(error)")
        }
        _ = close(toChild.read)
        _ = close(fromChild.write)
        let child = EmbeddedEmulatorChild(process: process, input: toChild.write)
        let started = StartSignal()
        let reader = fromChild.read
        let syncs = child.syncs
        DispatchQueue.global().async {
            var lines = MessageLines(descriptor: reader, limit: EmbeddedEmulatorMessage.maximumLineLength)
            while let line = lines.next() {
                switch EmbeddedEmulatorMessage(line: line) {
                case .ready: started.finish(nil)
                case .failed(let message): started.finish(message)
                case .code(let code): onCode(code)
                case .synced(let id): syncs.arrived(id)
                case nil: continue
                }
            }
            _ = close(reader)
            started.finish("it ended before it listened")
            syncs.end()
        }
        let timer = Task {
            try? await Task.sleep(for: startLimit)
            started.finish("it did not listen within \(startLimit)")
        }
        let failure = await started.wait()
        timer.cancel()
        if let failure {
            await child.stop()
            throw EmulatorProgramError(description: "the embedded emulator (\(executable)) did not start: \(failure)")
        }
        return child
    }

    func drainCodes() async {
        await syncs.wait { id in
            let line = Array((EmbeddedEmulatorMessage.syncRequest(id: id) + "\n").utf8)
            return input.withLock { descriptor in
                guard descriptor >= 0 else { return false }
                var offset = 0
                while offset < line.count {
                    let sent = line[offset...].withUnsafeBytes { Self.sendNoSignal(descriptor, $0.baseAddress, $0.count) }
                    if sent > 0 {
                        offset += sent
                    } else if sent < 0 && errno == EINTR {
                        continue
                    } else {
                        return false
                    }
                }
                return true
            }
        }
    }

    func stop() async {
        let descriptor = input.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
        if descriptor >= 0 { _ = close(descriptor) }
        let process = self.process
        let killer = Task {
            try? await Task.sleep(for: Self.stopGrace)
            process.send(SIGKILL)
        }
        _ = await process.ending()
        killer.cancel()
    }

    /// `send(2)` without SIGPIPE: a child that died makes it fail with EPIPE.
    private static func closeOnExecPipe() throws(EmulatorProgramError) -> (read: Int32, write: Int32) {
        guard let ends = FileDescriptorIO.closeOnExecPipe() else {
            throw EmulatorProgramError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return ends
    }

    private static func sendNoSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return send(descriptor, bytes, count, 0)  // Darwin: SO_NOSIGPIPE is set on the socket
        #endif
    }

    /// A connected pair of Unix stream sockets, close-on-exec: `read` is the child's standard input.
    private static func socketPair() throws(EmulatorProgramError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        #endif
        guard made == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
            throw EmulatorProgramError(description: "cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(ends[1], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return (ends[0], ends[1])
    }
}

/// The `sync` requests waiting for their `synced`: each waiter is resumed by its answer, or when the
/// child's output ends (a child that is gone has no codes left to show).
private final class SyncWaiters: Sendable {
    private struct State {
        var nextID = 1
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var ended = false
    }

    private let state = Mutex(State())

    /// Sends a request with `send` (false: it could not be written) and waits for its answer.
    func wait(sending send: (Int) -> Bool) async {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let registered = state.withLock { state -> Bool in
                guard !state.ended else { return false }
                state.waiting[id] = continuation
                return true
            }
            guard registered else { return continuation.resume() }
            if !send(id) {
                state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
            }
        }
    }

    func arrived(_ id: Int) {
        state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
    }

    func end() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.ended = true
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        waiting.forEach { $0.resume() }
    }
}

/// The first answer of a starting child: nil when it listens, else why not. Later answers are ignored.
private final class StartSignal: Sendable {
    private struct State {
        var outcome: String??
        var waiter: CheckedContinuation<String?, Never>?
    }

    private let state = Mutex(State())

    func finish(_ failure: String?) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = .some(failure)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: failure)
    }

    func wait() async -> String? {
        await withCheckedContinuation { continuation in
            let outcome = state.withLock { state -> String?? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}

/// Lines of a descriptor, read with `read(2)`; a line longer than the limit is skipped whole.
private struct MessageLines {
    let descriptor: Int32
    let limit: Int
    private var pending: [UInt8] = []
    private var skipping = false
    private var ended = false

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    mutating func next() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<newline]
                pending.removeSubrange(...newline)
                if skipping {
                    skipping = false
                    continue
                }
                return String(decoding: line, as: UTF8.self)
            }
            if pending.count > limit {
                pending.removeAll()
                skipping = true
            }
            if ended { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                pending.append(contentsOf: buffer[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                ended = true
            }
        }
    }
}
