import ArgumentParser

/// Runs a command's body: a ``CLIFailure`` is reported on standard error (one line, a hint, and the
/// details with `--verbose`) and becomes the process's exit code. SIGINT and SIGTERM put the terminal
/// back and exit with 130 or 143 (``SignalRestore``) in every command that runs here (in a process of
/// its own: a command run in a test's process leaves that process's signals alone).
enum CommandRunner {
    static func run(verbose: Bool, _ body: () async throws(CLIFailure) -> Void) async throws(ExitCode) {
        if CommandEnvironment.current.handlesSignals { SignalRestore.install() }
        do {
            try await body()
        } catch {
            Console.report(error, verbose: verbose)
            throw error.exit.exitCode
        }
    }
}
