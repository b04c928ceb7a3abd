import NativeAuth

/// A library error as the command reports it at its place: ``FailureMapping``'s sentence, with the
/// commands its hints print built by ``NextCommand`` (which carries the place), so that none of
/// them sends a person to the embedded emulator. The flows of `signin`, `signup` and
/// `reset-password` (through ``AppContext/failure(_:method:)``), `token` and `call` report their
/// errors through here.
enum PlacedFailure {
    static func failure(_ error: some NativeAuthError, method: FailureMapping.Method, next: NextCommand) -> CLIFailure {
        var failure = FailureMapping.failure(error, method: method)
        switch error.code {
        case .attemptLimitReached where method != .token:
            return AttemptLimit.failure(error, method: method, again: next.againLine())
        case .browserRequired:
            failure.hint = browserHint(method, next: next) ?? failure.hint
        case .deviceCodeExpired:
            return CLIFailure(.failure, "The code expired before anyone signed in with it: run `\(next.line(["signin", "--device-code"]))` again.",
                              details: failure.details)
        case .refreshTokenExpired, .noAccount:
            failure.hint = "Run `\(next.line(["signin"], operand: next.operand))` to sign in again."
        default:
            break
        }
        return failure
    }

    /// No account has `username` (``FailureMapping/unknownAddress(_:username:)``), with the sign-up
    /// at the place `next` carries.
    static func unknownAddress(_ error: some NativeAuthError, username: String, next: NextCommand) -> CLIFailure {
        var failure = FailureMapping.unknownAddress(error, username: username)
        failure.hint = "Check its spelling, or create an account: " + next.line(["signup"], operand: username)
        return failure
    }

    /// What to try instead of a native sign-in the server sends to the browser (`signin` adds the
    /// `--browser` command itself: ``BrowserFallbackOffer``); nil where ``FailureMapping``'s hint
    /// names no command.
    private static func browserHint(_ method: FailureMapping.Method, next: NextCommand) -> String? {
        switch method {
        case .code:
            "This account does not sign in with an email code here (it may use a password, or need a step only the web "
                + "page can do). Try `\(next.line(["signin", "--password"], operand: next.operand))`."
        case .password:
            "This account does not sign in with a password here (it may use an email code, or need a step only the web "
                + "page can do). Try `\(next.line(["signin", "--email"], operand: next.operand))`."
        case .token:
            "The session needs a step only the web page can do: run `\(next.line(["signin", "--browser"], operand: next.operand))`."
        case .signUp:
            "The tenant signs users up with a method this command did not offer (try "
                + "`\(next.line(["signup", "--password"], operand: next.operand))`), or needs a step only the web page can do: "
                + "sign up through the app's web page."
        case .browser, .resetPassword:
            nil
        }
    }
}
