import ArgumentParser

/// The exit codes of `nativeauth`, documented in `--help` and in docs/CLI.md.
enum CLIExit: Int32, CaseIterable {
    /// Success.
    case success = 0
    /// A general failure, or nobody is signed in.
    case failure = 1
    /// The command line is wrong (unknown option, conflicting flags, missing value).
    case usage = 2
    /// Wrong password, wrong code, or no account with this username.
    case wrongCredentials = 3
    /// The server requires a browser sign-in for this account.
    case browserRequired = 4
    /// The network or the server failed; the message has the correlation id.
    case unavailable = 5
    /// Interrupted with Ctrl-C (128 + SIGINT).
    case interrupted = 130

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The table printed at the end of the root command's `--help`.
    static let helpText = """
        EXIT CODES:
          0    success
          1    general failure, or nobody is signed in
          2    usage error (unknown option, conflicting flags)
          3    wrong password or code, or no account with this username
          4    the server requires a browser sign-in for this account
          5    network or server failure (the message has the correlation id)
          130  interrupted (Ctrl-C)
        """
}

/// A failure a command reports: one clear line, an exit code, and protocol details for `--verbose`.
struct CLIFailure: Error {
    let exit: CLIExit
    let message: String
    /// Extra lines shown with `--verbose` (never secrets).
    var details: [String] = []
    /// A hint shown on a second line, such as what to run next.
    var hint: String?

    init(_ exit: CLIExit, _ message: String, hint: String? = nil, details: [String] = []) {
        self.exit = exit
        self.message = message
        self.hint = hint
        self.details = details
    }
}
