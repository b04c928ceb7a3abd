import ArgumentParser
import NativeAuth
import NativeAuthShared

/// The `nativeauth` executable's entry point (Sources/NativeAuthCLI): ArgumentParser's `main()`
/// parses the process's arguments and runs the command in the process's own environment.
///
/// Around it, what only a process of its own needs: core dumps off, the transport loaded while the
/// arguments are parsed (``NativeAuthCommand/sendsRequests(_:)``), a first argument that names no
/// command answered with the command meant, a result that could not be written to standard output
/// (``StandardOutputFailure``), and the end of the process (``ProcessEnd``).
public enum NativeAuthTool {
    /// Runs `nativeauth` with the process's arguments, and ends the process with the command's exit code.
    public static func main() async {
        ProcessHardening.forbidCoreDumps()
        ProcessEnd.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before anything else that takes time: loading libcurl is a sign-in's critical path
        // (docs/PERFORMANCE.md, "What is left").
        if NativeAuthCommand.sendsRequests(arguments) { HTTPTransports.prepareDefault() }
        if NativeAuthCommand.reportUnknownCommand(in: arguments, on: CommandEnvironment.process.console) {
            NativeAuthCommand.exit(withError: CLIExit.usage.exitCode)
        }
        await NativeAuthCommand.main()
        // The command succeeded, but its result may not have reached anyone.
        if let failure = StandardOutputFailure.errno {
            CommandEnvironment.process.console.info(
                "error: The result could not be written to standard output: \(FileSystemError.describe(errno: failure)).")
            NativeAuthCommand.exit(withError: CLIExit.failure.exitCode)
        }
    }
}
