import ArgumentParser

/// A `nativeauth` command that runs in the ``CommandEnvironment`` it is given: ArgumentParser's
/// `main()` runs it in the process's own (``run()``), an in-process test in one of its own
/// (``run(in:)``). It ends through ArgumentParser's error path: a thrown `ExitCode` is the exit
/// code, its message printed already.
protocol EnvironmentCommand: AsyncParsableCommand {
    /// Runs the command in `environment`.
    func run(in environment: CommandEnvironment) async throws(ExitCode)
}

extension EnvironmentCommand {
    /// ArgumentParser's entry: the command in this process's environment, which ends with it
    /// (``ProcessEnd``).
    func run() async throws {
        defer { ProcessEnd.install() }
        try await run(in: .process)
    }
}

/// A command whose failures are ``CLIFailure``s, reported on standard error (one line, a hint, and
/// the details with `--verbose`) and ended with their exit code. SIGINT and SIGTERM put the terminal
/// back and exit with 130 or 143 (``SignalRestore``) in every such command (in a process of its own:
/// a command run in a test's process leaves that process's signals alone).
protocol ReportingCommand: EnvironmentCommand {
    /// The options every command shares (`--verbose` shows a failure's details).
    var options: SharedOptions { get }

    /// The command's work.
    func perform(in environment: CommandEnvironment) async throws(CLIFailure)
}

extension ReportingCommand {
    func run(in environment: CommandEnvironment) async throws(ExitCode) {
        if environment.handlesSignals { SignalRestore.install() }
        do {
            try options.checkCAFileVariable(in: environment)
            try await perform(in: environment)
        } catch {
            environment.console.report(error, verbose: options.verbose)
            throw error.exit.exitCode
        }
    }
}
