import ArgumentParser

/// The exit codes of `nativeauth`, documented in `--help` and in docs/CLI.md.
enum CLIExit: Int32, CaseIterable {
    /// Success.
    case success = 0
    /// A general failure: nobody is signed in, standard input ended before an answer, or the server
    /// refused the request (an expired sign-in, a refused scope, …).
    case failure = 1
    /// The command line is wrong (unknown option, conflicting flags, missing value, an ADDRESS that is
    /// not an email address): nothing was sent.
    case usage = 2
    /// Wrong password or code (including the server's limit of wrong attempts, and standard input
    /// ending right after a wrong one), no user with this address, or (`signup`) an address that
    /// already has an account.
    case wrongCredentials = 3
    /// The server requires a browser sign-in for this account.
    case browserRequired = 4
    /// The server could not be reached or failed (no answer, 5xx, 429, unreadable answer).
    case unavailable = 5
    /// The terminal hung up (128 + SIGHUP).
    case hungUp = 129
    /// Interrupted with Ctrl-C (128 + SIGINT).
    case interrupted = 130
    /// Quit with Ctrl-\\ (128 + SIGQUIT).
    case quit = 131
    /// Stopped with SIGTERM (128 + SIGTERM).
    case terminated = 143
    /// (`call`) The API answered with an HTTP status that is not 2xx; its body is still printed.
    case apiError = 6

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The table printed at the end of the root command's `--help`.
    static let helpText = """
        EXIT CODES:
          0    success
          1    failure: nobody is signed in, standard input ended, or the
               server refused (an expired sign-in, a refused scope, ...)
          2    usage error: unknown option, conflicting flags, a bad --code,
               --scope or address (nothing is sent)
          3    wrong password or code (or too many of them, or input ended
               after a wrong one), no user with this address, or (signup) an
               address that already has an account
          4    the server requires a browser sign-in for this account
          5    the server could not be reached or failed: no answer, HTTP 5xx
               or 429, an unreadable answer, a stopped `nativeauth emulator`
          129  the terminal hung up (SIGHUP)
          130  interrupted (Ctrl-C, SIGINT)
          131  quit (Ctrl-\\, SIGQUIT)
          143  terminated (SIGTERM)
        On each of these signals the terminal is put back as it was. Ctrl-Z
        (SIGTSTP) puts it back and stops; on fg (SIGCONT) a hidden password
        prompt hides its input again. `nativeauth emulator` stops gracefully
        on Ctrl-C, SIGTERM or SIGHUP (exit 0); SIGQUIT ends it at once (131).
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
    /// No server answered (a transport failure: no connection, a host name that did not resolve).
    var noServerAnswered = false

    init(_ exit: CLIExit, _ message: String, hint: String? = nil, details: [String] = []) {
        self.exit = exit
        self.message = message
        self.hint = hint
        self.details = details
    }
}
