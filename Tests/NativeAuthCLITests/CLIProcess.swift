import CLITestSupport
import Foundation
import NativeAuthShared
import Synchronization
import Testing

/// Runs the built `nativeauth` binary in an isolated state folder (its own `XDG_STATE_HOME`, so its
/// own token store and embedded-emulator state).
struct CLISandbox: Sendable {
    let stateHome: URL
    var environment: [String: String]

    init(fixedCode: String? = nil) throws {
        stateHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("nativeauth-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("NATIVEAUTH_") { environment[key] = nil }
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil  // the file store, whatever keyring the machine has
        environment["XDG_STATE_HOME"] = stateHome.path
        if let fixedCode { environment["NATIVEAUTH_EMULATOR_FIXED_CODE"] = fixedCode }
        self.environment = TestAPI.applied(to: environment)
    }

    /// The token store file.
    var storeFile: URL { stateHome.appendingPathComponent("nativeauth/tokens.json") }

    /// Runs `arguments` with `input` on standard input (closed afterwards) and waits for the exit.
    func run(_ arguments: [String], input: String = "") async throws -> CLIResult {
        let live = try LiveCLI(arguments, environment: environment)
        live.send(input)
        return await live.finish()
    }

    /// Starts `arguments` and leaves standard input open for ``LiveCLI/send(_:)``.
    func start(_ arguments: [String]) throws -> LiveCLI {
        try LiveCLI(arguments, environment: environment)
    }

    func remove() {
        try? FileManager.default.removeItem(at: stateHome)
    }
}

/// A running `nativeauth` whose standard error can be awaited line by line (to read the emulator's
/// codes) and whose standard input is fed by the test.
final class LiveCLI: Sendable {
    private let process: ChildProcess
    private let input: FileHandle
    private let output = StreamBuffer()
    private let errors = StreamBuffer()

    convenience init(_ arguments: [String], environment: [String: String]) throws {
        try self.init(executable: try CLIBinary.url(), arguments, environment: environment)
    }

    /// Runs `executable` (a wrapper such as `setpriv` or `sh`, for the tests that need one) with `arguments`.
    init(executable: URL, _ arguments: [String], environment: [String: String]) throws {
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        // Not Foundation's Process: its run() crashes now and then on Linux (see ChildProcess).
        process = try ChildProcess(
            executable: executable.path, arguments: arguments, environment: environment,
            standardInput: .descriptor(stdinPipe.fileHandleForReading.fileDescriptor),
            standardOutput: .descriptor(stdoutPipe.fileHandleForWriting.fileDescriptor),
            standardError: .descriptor(stderrPipe.fileHandleForWriting.fileDescriptor))
        // The child's ends are the child's now: closed here, so its exit is the pipes' end of file.
        try? stdinPipe.fileHandleForReading.close()
        try? stdoutPipe.fileHandleForWriting.close()
        try? stderrPipe.fileHandleForWriting.close()
        self.input = stdinPipe.fileHandleForWriting
        let outputHandle = stdoutPipe.fileHandleForReading, errorHandle = stderrPipe.fileHandleForReading
        output.drain(outputHandle)
        errors.drain(errorHandle)
    }

    var stderrText: String { errors.text }

    /// Writes `text` to the process's standard input.
    func send(_ text: String) {
        guard !text.isEmpty else { return }
        try? input.write(contentsOf: Data(text.utf8))
    }

    var stdoutText: String { output.text }

    /// Sends SIGTERM.
    func terminate() { process.terminate() }

    /// Sends SIGKILL: the process ends at once, with nothing of its own run.
    func kill() { process.send(SIGKILL) }

    /// How long a wait for output may last: a bound, not a timing. A foreground emulator's first start
    /// generates an RSA key, which took over 30 s on the shared 2-core machine under a load of 60, and in
    /// a full run every test starts at once, so one test's steps wait behind the others' for minutes.
    static let outputBound = Duration.seconds(300)

    /// The process ID.
    var pid: Int32 { process.processIdentifier }

    /// Whether it is still running.
    var isRunning: Bool { process.isRunning }

    /// Waits until standard output holds a match of `pattern`; returns its first group.
    @discardableResult
    func waitForStdout(_ pattern: String, timeout: Duration = LiveCLI.outputBound) async throws -> String {
        try await waitFor(pattern, count: 1, timeout: timeout) { self.stdoutText }
    }

    /// Waits until standard error holds `count` matches of `pattern`; returns the last match's first group.
    @discardableResult
    func waitForStderr(_ pattern: String, count: Int = 1, timeout: Duration = LiveCLI.outputBound) async throws -> String {
        try await waitFor(pattern, count: count, timeout: timeout) { self.stderrText }
    }

    private func waitFor(_ pattern: String, count: Int, timeout: Duration, text: () -> String) async throws -> String {
        let regex = try Regex(pattern)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let matches = text().matches(of: regex)
            if matches.count >= count {
                let match = matches[count - 1]
                return match.output.count > 1 ? match.output[1].substring.map(String.init) ?? "" : String(match.output[0].substring ?? "")
            }
            if !process.isRunning {
                try await Task.sleep(for: .milliseconds(100))
                if text().matches(of: regex).count >= count { continue }
                Issue.record("nativeauth exited before printing /\(pattern)/ ×\(count):\n\(text())\n\(stderrText)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("timed out waiting for /\(pattern)/ ×\(count):\n\(text())\n\(stderrText)")
        throw CancellationError()
    }

    /// Closes standard input and waits for the exit. After a signal, `closingInput: false` waits for
    /// the exit first, so the process cannot read the end of its input before the signal lands.
    func finish(closingInput: Bool = true) async -> CLIResult {
        if closingInput { try? input.close() }
        let ending = await process.ending()
        try? input.close()
        while !output.isFinished || !errors.isFinished {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return CLIResult(
            status: ending.status,
            stdout: output.text,
            stderr: stderrText)
    }
}

/// Helper programs the tests run (Python drivers, availability probes), found on `PATH` through `/usr/bin/env`.
enum ChildRun {
    /// Runs `arguments` with standard input closed and returns what it printed and how it exited.
    static func run(_ arguments: [String], environment: [String: String]) async throws -> CLIResult {
        let live = try LiveCLI(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: environment)
        return await live.finish()
    }

    /// Whether `arguments` runs and exits 0 (standard error discarded).
    static func succeeds(_ arguments: [String]) -> Bool {
        let child = try? ChildProcess(executable: "/usr/bin/env", arguments: arguments, standardError: .null)
        return child?.waitUntilExit() == .exited(0)
    }
}

/// The bytes read so far from one of the process's output pipes, read on a thread of its own.
final class StreamBuffer: Sendable {
    private let state = Mutex((data: Data(), finished: false))

    func drain(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                state.withLock { $0.data.append(chunk) }
            }
            state.withLock { $0.finished = true }
        }.start()
    }

    var text: String { state.withLock { String(decoding: $0.data, as: UTF8.self) } }
    var isFinished: Bool { state.withLock { $0.finished } }
}

/// Where the built `nativeauth` is: `NATIVEAUTH_CLI_BINARY`, else next to the test bundle (the build
/// folder of `swift build`), else `.build/debug/nativeauth` of the package.
enum CLIBinary {
    static func url() throws -> URL {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NATIVEAUTH_CLI_BINARY"] {
            candidates.append(URL(fileURLWithPath: path))
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            candidates.append(folder.appendingPathComponent("nativeauth"))
            folder.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/nativeauth"))
        if let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw CLIBinaryMissing(searched: candidates.map(\.path))
    }
}

struct CLIBinaryMissing: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
        "The nativeauth binary was not found (build it first: swift build --product nativeauth). Looked at: "
            + searched.joined(separator: ", ")
    }
}
