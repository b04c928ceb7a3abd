import ArgumentParser

/// The exit codes of `nativeauth`: the one list of them. The root `--help` shows ``helpSummary``;
/// docs/CLI.md has a row for each (checked by a test), from which the man page's EXIT STATUS is made.
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
    /// The keyring was asked for (`--storage keyring`, `NATIVEAUTH_STORAGE=keyring`) and none can be used.
    case keyringUnavailable = 7

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The process's exit status for `code`, a command's or ArgumentParser's: ArgumentParser ends a
    /// usage error it finds itself (an unknown option, a missing value, a failed `validate()`) with
    /// `ExitCode.validationFailure` (64, `EX_USAGE`), which for `nativeauth` is ``usage`` (2).
    static func status(of code: ExitCode) -> Int32 {
        code == .validationFailure ? usage.rawValue : code.rawValue
    }

    /// A few words for the root `--help`'s summary line; docs/CLI.md's "Exit codes" table, with a
    /// row for each case (a test checks), says it in full, and the man page takes that table.
    var summary: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .usage: "usage error"
        case .wrongCredentials: "wrong password or code"
        case .browserRequired: "browser sign-in required"
        case .unavailable: "server not reachable"
        case .apiError: "(call) the API's status was not 2xx"
        case .keyringUnavailable: "no keyring for --storage keyring"
        case .hungUp: "hung up (SIGHUP)"
        case .interrupted: "Ctrl-C"
        case .quit: "quit (SIGQUIT)"
        case .terminated: "SIGTERM"
        }
    }

    /// The root `--help`'s line: every code with its ``summary``, in order.
    static var helpSummary: String {
        let codes = allCases.sorted { $0.rawValue < $1.rawValue }.map { "\($0.rawValue) \($0.summary)" }
        // The man page shows this text too: it names docs/CLI.md as the source's, which is not installed.
        return "Exit codes: " + codes.joined(separator: ", ")
            + ". The full table is under EXIT STATUS in `man nativeauth` (and in docs/CLI.md of the source)."
    }
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
    /// No token can be had without a sign-in (nobody is signed in, or the session ended): `token
    /// --output exec-credential` signs in first at a terminal (``TokenSignIn``).
    var signInNeeded = false

    init(_ exit: CLIExit, _ message: String, hint: String? = nil, details: [String] = []) {
        self.exit = exit
        self.message = message
        self.hint = hint
        self.details = details
    }
}
