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
/// ``EmbeddedEmulatorMessage`` lines.
///
/// The child writes a code's line before it answers the request that sent the code, so once this
/// process holds the answer, the line is in the pipe: ``takeAnnouncedCodes()`` reads what the pipe
/// holds without blocking (the pipe is non-blocking once the child listens), and nothing waits for
/// the child while a request is in flight.
final class EmbeddedEmulatorChild: EmbeddedEmulatorRun {
    /// How long ``stop()`` waits for the child to stop by itself before it kills it.
    static let stopGrace: Duration = .seconds(3)
    /// How long ``start(executable:arguments:environment:)`` waits for the child to listen.
    static let startLimit: Duration = .seconds(30)

    private let process: ChildProcess
    private let input: Mutex<Int32>
    /// The child's standard output, and the codes read from it that were not taken yet.
    private let output: Mutex<AnnouncedLines>

    private init(process: ChildProcess, input: Int32, output: AnnouncedLines) {
        self.process = process
        self.input = Mutex(input)
        self.output = Mutex(output)
    }

    /// Starts the child and returns once it said it listens; throws with its reason when it failed,
    /// ended, or said nothing in ``startLimit``.
    static func start(executable: String, arguments: [String],
                      environment: [String: String]) async throws(EmulatorProgramError) -> EmbeddedEmulatorChild {
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
        let started = StartSignal()
        let reader = fromChild.read
        // Until the child listens, its lines are read on a thread of their own (a start may take a while).
        DispatchQueue.global().async {
            var lines = AnnouncedLines(descriptor: reader)
            while let message = lines.nextMessage() {
                switch message {
                case .ready:
                    // The descriptor goes with the lines; a start given up meanwhile closes it.
                    if !started.finish(.listening(lines)) { _ = close(reader) }
                    return
                case .failed(let reason):
                    started.finish(.failed(reason))
                    _ = close(reader)
                    return
                case .code(let code):
                    lines.keep(code)
                }
            }
            started.finish(.failed("it ended before it listened"))
            _ = close(reader)
        }
        let timer = Task {
            try? await Task.sleep(for: startLimit)
            started.finish(.failed("it did not listen within \(startLimit)"))
        }
        let outcome = await started.wait()
        timer.cancel()
        switch outcome {
        case .listening(let lines):
            _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
            return EmbeddedEmulatorChild(process: process, input: toChild.write, output: lines)
        case .failed(let reason):
            _ = close(toChild.write)
            await end(process)
            throw EmulatorProgramError(description: "the embedded emulator (\(executable)) did not start: \(reason)")
        }
    }

    func takeAnnouncedCodes() -> [EmbeddedCode] {
        output.withLock { $0.takeCodes() }
    }

    func waitForAnnouncement() async -> Bool {
        let (descriptor, ended, waiting) = output.withLock { ($0.descriptor, $0.ended, $0.hasCodes) }
        guard !ended else { return false }
        if !waiting { await ReadableWait.until(readable: descriptor) }
        return true
    }

    func stop() async {
        let descriptor = input.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
        guard descriptor >= 0 else { return }
        _ = close(descriptor)
        await Self.end(process)
        output.withLock { $0.finish() }
    }

    /// Waits for `process` to end, killing it after ``stopGrace`` (its standard input is closed).
    private static func end(_ process: ChildProcess) async {
        let killer = Task {
            try? await Task.sleep(for: stopGrace)
            process.send(SIGKILL)
        }
        _ = await process.ending()
        killer.cancel()
    }

    private static func pipe() throws(EmulatorProgramError) -> (read: Int32, write: Int32) {
        guard let ends = FileDescriptorIO.closeOnExecPipe() else {
            throw EmulatorProgramError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return ends
    }
}

/// The child's standard output: its message lines (a line longer than the limit is skipped whole)
/// and the codes read from them that were not taken yet.
private struct AnnouncedLines: Sendable {
    private(set) var descriptor: Int32
    /// The output ended: the child is gone.
    private(set) var ended = false
    private var pending: [UInt8] = []
    private var skipping = false
    private var codes: [EmbeddedCode] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    var hasCodes: Bool { !codes.isEmpty }

    /// Keeps a code for ``takeCodes()``.
    mutating func keep(_ code: EmbeddedCode) {
        codes.append(code)
    }

    /// Every code kept or readable now; on a non-blocking descriptor, without waiting.
    mutating func takeCodes() -> [EmbeddedCode] {
        while let message = nextMessage() {
            if case .code(let code) = message { codes.append(code) }
        }
        defer { codes.removeAll() }
        return codes
    }

    /// The next message; nil at the end of the output or, on a non-blocking descriptor, when no
    /// whole line is there yet. Lines that are not messages are skipped.
    mutating func nextMessage() -> EmbeddedEmulatorMessage? {
        while let line = nextLine() {
            if let message = EmbeddedEmulatorMessage(line: line) { return message }
        }
        return nil
    }

    /// Closes the descriptor: nothing more is read.
    mutating func finish() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
        ended = true
    }

    private mutating func nextLine() -> String? {
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
            if pending.count > EmbeddedEmulatorMessage.maximumLineLength {
                pending.removeAll()
                skipping = true
            }
            guard !ended, descriptor >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                pending.append(contentsOf: buffer[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return nil
            } else {
                ended = true
            }
        }
    }
}

/// The first outcome of a starting child: it listens (with its output), or why not. Later outcomes
/// are ignored.
private final class StartSignal: Sendable {
    enum Outcome: Sendable {
        case listening(AnnouncedLines)
        case failed(String)
    }

    private struct State {
        var outcome: Outcome?
        var waiter: CheckedContinuation<Outcome, Never>?
    }

    private let state = Mutex(State())

    /// Records `outcome` unless one was recorded already; false when it came too late.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Outcome, Never>?) in
            guard state.outcome == nil else { return (false, nil) }
            state.outcome = outcome
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: outcome)
        return first
    }

    func wait() async -> Outcome {
        await withCheckedContinuation { continuation in
            let outcome = state.withLock { state -> Outcome? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}
