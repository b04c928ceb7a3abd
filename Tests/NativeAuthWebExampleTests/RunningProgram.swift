import Foundation
import NativeAuthShared
import Synchronization
import Testing

/// A program the tests run (a replica, the emulator, nginx, a browser driver): its output read on
/// threads of its own, awaited by pattern, and its standard input held open (closing it is the end
/// of the browser driver's pause).
final class RunningProgram: Sendable {
    let name: String
    private let process: ChildProcess
    private let input: FileHandle
    private let output = Mutex(Data())
    private let finished = Mutex(0)

    init(_ name: String, _ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        self.name = name
        let stdin = Pipe(), stdout = Pipe()
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        // Not Foundation's Process: its run() crashes now and then on Linux (see ChildProcess).
        process = try ChildProcess(
            executable: executable, arguments: arguments, environment: merged,
            standardInput: .descriptor(stdin.fileHandleForReading.fileDescriptor),
            standardOutput: .descriptor(stdout.fileHandleForWriting.fileDescriptor),
            standardError: .descriptor(stdout.fileHandleForWriting.fileDescriptor))
        try? stdin.fileHandleForReading.close()
        try? stdout.fileHandleForWriting.close()
        input = stdin.fileHandleForWriting
        let handle = stdout.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.withLock { $0.append(chunk) }
            }
            finished.withLock { $0 = 1 }
        }.start()
    }

    /// Everything it printed so far (standard output and error).
    var text: String { output.withLock { String(decoding: $0, as: UTF8.self) } }
    var isRunning: Bool { process.isRunning }

    /// How long a wait for output may last: a bound, not a timing (a loaded 2-core machine is slow).
    static let outputBound = Duration.seconds(300)

    /// Waits until its output holds a match of `pattern`; returns the first group. Fails when it
    /// ends first or the bound passes.
    @discardableResult
    func waitFor(_ pattern: String) async throws -> String {
        let regex = try Regex(pattern)
        let deadline = ContinuousClock.now + Self.outputBound
        while ContinuousClock.now < deadline {
            if let match = text.firstMatch(of: regex) {
                return match.output.count > 1 ? match.output[1].substring.map(String.init) ?? "" : String(match.output[0].substring ?? "")
            }
            if !process.isRunning && finished.withLock({ $0 }) == 1 {
                if let match = text.firstMatch(of: regex) { return match.output.count > 1 ? String(match.output[1].substring ?? "") : "" }
                throw ProgramFailure("\(name) ended before printing /\(pattern)/:\n\(text)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ProgramFailure("\(name) did not print /\(pattern)/:\n\(text)")
    }

    /// Writes a line on its standard input.
    func sendLine(_ line: String) {
        try? input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends `signal` and waits until it ended.
    func stop(_ signal: Int32 = SIGTERM) async {
        try? input.close()
        process.send(signal)
        _ = await process.ending()
    }

    /// Waits until it ended by itself (its input closed); returns its status and output.
    func finish() async -> (status: Int32, text: String) {
        try? input.close()
        let ending = await process.ending()
        while finished.withLock({ $0 }) == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        return (ending.status, text)
    }
}

struct ProgramFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
