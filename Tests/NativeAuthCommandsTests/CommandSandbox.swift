import CLITestSupport
import Foundation
import Logging
import Synchronization
import Testing
@testable import NativeAuthCommands

/// Runs `nativeauth` commands in this process (``InProcessMain``: parsed as swift-argument-parser's
/// own tests parse their commands, run with `run(in:)`), each in a ``CommandEnvironment`` of its
/// own: the sandbox's variables (its own `HOME` and `XDG_STATE_HOME`, so its own token store and
/// embedded-emulator state), standard input fed by the test, standard output and error captured.
struct CommandSandbox: Sendable {
    let stateHome: URL
    var environment: [String: String]
    /// The current time the commands see.
    var now: @Sendable () -> Date = { Date() }
    /// Whether the commands see standard input as a terminal (prompts are then interactive).
    var inputIsTerminal = false
    /// Whether the commands see standard output as a terminal (a person reads it).
    var outputIsTerminal = false

    init(fixedCode: String? = nil) throws {
        stateHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("nativeauth-commands-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("NATIVEAUTH_") { environment[key] = nil }
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil  // the file store, whatever keyring the machine has
        environment["HOME"] = stateHome.path
        environment["XDG_STATE_HOME"] = stateHome.path
        if let fixedCode { environment["NATIVEAUTH_EMULATOR_FIXED_CODE"] = fixedCode }
        self.environment = TestAPI.applied(to: environment)
    }

    /// The token store file.
    var storeFile: URL { stateHome.appendingPathComponent("nativeauth/tokens.json") }

    /// Runs `arguments` with `input` on standard input (closed afterwards) and waits for the end.
    /// (`throws` as the process-level sandbox's does, so a test reads the same in both.)
    func run(_ arguments: [String], input: String = "") async throws -> CLIResult {
        let live = try start(arguments)
        live.send(input)
        return await live.finish()
    }

    /// Starts `arguments` and leaves standard input open for ``LiveCommand/send(_:)``.
    func start(_ arguments: [String]) throws -> LiveCommand {
        LiveCommand(arguments, environment: environment, now: now, inputIsTerminal: inputIsTerminal,
                    outputIsTerminal: outputIsTerminal)
    }

    func remove() {
        try? FileManager.default.removeItem(at: stateHome)
    }
}

/// A command running in this process, whose standard error can be awaited (to read the embedded
/// emulator's codes) and whose standard input is fed by the test.
final class LiveCommand: Sendable {
    private let input = ScriptedInput()
    private let output = Captured()
    private let errors = Captured()
    private let task: Task<Int32, Never>

    init(_ arguments: [String], environment variables: [String: String], now: @escaping @Sendable () -> Date,
         inputIsTerminal: Bool = false, outputIsTerminal: Bool = false) {
        let output = output, errors = errors
        let environment = CommandEnvironment(
            variables: variables, standardInput: input,
            writeOutput: { output.append($0) }, writeError: { errors.append($0) },
            inputIsTerminal: inputIsTerminal, outputIsTerminal: outputIsTerminal, now: now, handlesSignals: false,
            logHandler: { CapturedLogHandler(label: $0, write: { errors.append($0) }) },
            emulatorProgram: InProcessEmulatorProgram(variables: variables))
        task = Task {
            let status = await InProcessMain.run(arguments, in: environment)
            output.finish()
            return status
        }
    }

    var stdoutText: String { output.text }
    var stderrText: String { errors.text }

    /// Writes `text` to the command's standard input.
    func send(_ text: String) {
        input.append(text)
    }

    /// How long a wait for output may last: a bound against a hang, not a timing. In a full run every
    /// test starts at once, and on two cores one test's steps (an embedded emulator's start, its
    /// first answer) wait behind the others' for minutes.
    static let outputBound = Duration.seconds(300)

    /// Waits until standard error holds `count` matches of `pattern`; returns the last match's first group.
    @discardableResult
    func waitForStderr(_ pattern: String, count: Int = 1, timeout: Duration = LiveCommand.outputBound) async throws -> String {
        let regex = try Regex(pattern)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let matches = stderrText.matches(of: regex)
            if matches.count >= count {
                let match = matches[count - 1]
                return match.output.count > 1 ? match.output[1].substring.map(String.init) ?? "" : String(match.output[0].substring ?? "")
            }
            if output.isFinished, stderrText.matches(of: regex).count < count {
                Issue.record("the command ended before printing /\(pattern)/ ×\(count):\n\(stdoutText)\n\(stderrText)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no /\(pattern)/ ×\(count) within the bound:\n\(stdoutText)\n\(stderrText)")
        throw CancellationError()
    }

    /// Closes standard input and waits for the end.
    func finish() async -> CLIResult {
        input.close()
        let status = await task.value
        return CLIResult(status: status, stdout: output.text, stderr: errors.text)
    }
}

/// The bytes a command wrote to one of its streams.
final class Captured: Sendable {
    private let state = Mutex((data: Data(), finished: false))

    func append(_ data: Data) { state.withLock { $0.data.append(data) } }
    func finish() { state.withLock { $0.finished = true } }

    var text: String { state.withLock { String(decoding: $0.data, as: UTF8.self) } }
    var isFinished: Bool { state.withLock { $0.finished } }
}

/// Standard input fed by the test: lines as a pipe gives them (the last one may lack its newline),
/// a read waiting until more is sent or the input is closed.
final class ScriptedInput: StandardInput, @unchecked Sendable {
    /// Guards the fields below; signalled whenever they change.
    private let condition = NSCondition()
    private var buffer = Data()
    private var closed = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func append(_ text: String) {
        guard !text.isEmpty else { return }
        changed { buffer.append(Data(text.utf8)) }
    }

    func close() {
        changed { closed = true }
    }

    func readLine() async -> String? {
        while true {
            if let line = takeLine() { return line }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                condition.lock()
                let ready = closed || buffer.contains(10)
                if !ready { waiting.append(continuation) }
                condition.unlock()
                if ready { continuation.resume() }
            }
        }
    }

    func read(upToCount count: Int) throws -> Data {
        condition.lock()
        defer { condition.unlock() }
        while !closed && buffer.count < count { condition.wait() }
        let taken = buffer.prefix(count)
        buffer = Data(buffer.dropFirst(taken.count))
        return Data(taken)
    }

    /// The next line (`.some(nil)` at the end), or nil when none is complete yet.
    private func takeLine() -> String?? {
        condition.lock()
        defer { condition.unlock() }
        if let newline = buffer.firstIndex(of: 10) {
            let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer = Data(buffer[buffer.index(after: newline)...])
            return .some(line)
        }
        guard closed else { return nil }
        if buffer.isEmpty { return .some(nil) }
        defer { buffer = Data() }
        return .some(String(decoding: buffer, as: UTF8.self))
    }

    private func changed(_ change: () -> Void) {
        condition.lock()
        change()
        let resumed = waiting
        waiting = []
        condition.broadcast()
        condition.unlock()
        for continuation in resumed { continuation.resume() }
    }
}

/// The library's log (`--verbose`) on the captured standard error: `LEVEL LABEL: MESSAGE` lines.
struct CapturedLogHandler: LogHandler {
    let label: String
    let write: @Sendable (Data) -> Void
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        write(Data("\(event.level) \(label): \(event.message)\n".utf8))
    }
}
