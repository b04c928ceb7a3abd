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

/// A `nativeauth-emulator embedded` child: its standard input is a pipe this process holds open
/// (closing it stops the child; so does this process's death), its standard output the
/// ``EmbeddedEmulatorMessage`` lines, read on a thread of their own.
final class EmbeddedEmulatorChild: EmbeddedEmulatorRun {
    /// How long ``stop()`` waits for the child to stop by itself before it kills it.
    static let stopGrace: Duration = .seconds(3)
    /// How long ``start(executable:arguments:environment:onCode:)`` waits for the child to listen.
    static let startLimit: Duration = .seconds(30)

    private let process: ChildProcess
    private let input: Mutex<Int32>

    private init(process: ChildProcess, input: Int32) {
        self.process = process
        self.input = Mutex(input)
    }

    /// Starts the child and returns once it said it listens; throws with its reason when it failed,
    /// ended, or said nothing in ``startLimit``.
    static func start(executable: String, arguments: [String], environment: [String: String],
                      onCode: @escaping @Sendable (EmbeddedCode) -> Void) async throws(EmulatorProgramError) -> EmbeddedEmulatorChild {
        let toChild = try pipe(), fromChild = try pipe()
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
        DispatchQueue.global().async {
            var lines = MessageLines(descriptor: reader, limit: EmbeddedEmulatorMessage.maximumLineLength)
            while let line = lines.next() {
                switch EmbeddedEmulatorMessage(line: line) {
                case .ready: started.finish(nil)
                case .failed(let message): started.finish(message)
                case .code(let code): onCode(code)
                case nil: continue
                }
            }
            _ = close(reader)
            started.finish("it ended before it listened")
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

    private static func pipe() throws(EmulatorProgramError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = Glibc.pipe(&ends)
        #else
        let made = Darwin.pipe(&ends)
        #endif
        guard made == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
            throw EmulatorProgramError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return (ends[0], ends[1])
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
