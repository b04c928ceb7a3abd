#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command reads and writes of the process it runs in: the environment variables (which
/// also give the home and state folders), standard input, output and error, whether they are
/// terminals, the current time, where the library's log goes (`--verbose`), and whether it may take
/// over the process's signals.
///
/// It is passed explicitly: ArgumentParser's `main()` runs a command in ``process`` (the command's
/// `run()`), and a test runs one in its own process with another (the command's `run(in:)`), so
/// several commands can run side by side, each with its own home folder and captured output.
/// Everything a command does with it goes through the value it was given, down to the prompts and
/// the embedded emulator.
struct CommandEnvironment: Sendable {
    /// The environment variables (`NATIVEAUTH_*`, `HOME`, `XDG_STATE_HOME`, `BROWSER`).
    var variables: [String: String]
    /// Standard input, a line at a time (prompts) or as bytes (`call -d @-`).
    var standardInput: any StandardInput
    /// Writes bytes to standard output.
    var writeOutput: @Sendable (Data) -> Void
    /// Writes bytes to standard error.
    var writeError: @Sendable (Data) -> Void
    /// Standard input is a terminal: prompts are interactive and a password is read with echo off.
    var inputIsTerminal: Bool
    /// Standard output is a terminal (`call` then ends the body with a newline).
    var outputIsTerminal: Bool
    /// The current time (what `status` compares expiry times with).
    var now: @Sendable () -> Date
    /// Whether a command installs its signal handlers (``SignalRestore``): only in a process of its own.
    var handlesSignals: Bool
    /// The handler of the library's log with `--verbose`, for a logger's label.
    var logHandler: @Sendable (String) -> any LogHandler
    /// The emulator program: `nativeauth emulator` runs it, the embedded emulator is one.
    var emulatorProgram: any EmulatorProgram = InstalledEmulatorProgram()

    /// This process's own: its variables (read once: `ProcessInfo.processInfo.environment` builds a
    /// new dictionary of every variable each time it is asked), its standard streams, the system clock.
    static let process = CommandEnvironment(
        variables: ProcessInfo.processInfo.environment,
        standardInput: ProcessStandardInput(),
        writeOutput: { data in
            if !FileDescriptorIO.write(data, to: STDOUT_FILENO) { StandardOutputFailure.record(errno: errno) }
        },
        writeError: { FileDescriptorIO.write($0, to: STDERR_FILENO) },
        inputIsTerminal: isatty(STDIN_FILENO) == 1,
        outputIsTerminal: isatty(STDOUT_FILENO) == 1,
        now: { Date() },
        handlesSignals: true,
        logHandler: { StreamLogHandler.standardError(label: $0) })

    /// The value of the variable `name`, or nil when it is unset or empty (an empty variable means
    /// "not given").
    func variable(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Standard input as the commands read it.
protocol StandardInput: Sendable {
    /// The next line without its newline; nil at the end of input.
    func readLine() async -> String?
    /// The rest of the input, at most `count` bytes.
    func read(upToCount count: Int) throws -> Data
}

/// The process's standard input.
struct ProcessStandardInput: StandardInput {
    /// Reads on a thread of its own, so the async runtime (and the embedded emulator) keep running.
    func readLine() async -> String? {
        await DetachedThread.run { Swift.readLine(strippingNewline: true) }
    }

    func read(upToCount count: Int) throws -> Data {
        try FileDescriptorIO.read(upToCount: count, from: STDIN_FILENO, path: "standard input")
    }
}
