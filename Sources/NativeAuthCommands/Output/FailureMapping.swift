#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// Turns the library's errors into one clear line, an exit code, and `--verbose` details.
///
/// The library's `errorDescription` is the server's own `error_description` when the server sent one
/// (`AADSTS50126: …` followed by trace, correlation and timestamp lines): only its first line is
/// shown, the rest with `--verbose`. Exit codes follow README's table: 5 only when the server could
/// not be reached or failed (`isServerUnavailable`); a refusal from a server that answered is 1,
/// 3 when it is about the answer the user gave, 4 when it needs a browser.
///
/// Every string of the server's (the description, `error`, `suberror`) is passed through
/// ``TerminalText/sanitized(_:)`` here, where it enters the CLI's sentences. Every command a hint
/// names is built by the ``NextCommand`` given, which carries the place the failing command ran at:
/// a command printed without it would run at the embedded emulator instead.
enum FailureMapping {
    /// What the user was doing, for the sentences that depend on it (`signUp`, `resetPassword`: any
    /// step of that flow).
    /// The step a flow ended at: its first factor (`code`, `password`), a refresh (`token`), the
    /// browser, a sign-up or reset, or the code of a second factor after any of them (`secondFactor`).
    enum Method { case code, password, token, browser, signUp, resetPassword, secondFactor }

    /// `error`, which ended a flow of `method`, as the command reports it; `next` is the place the
    /// hints' commands carry.
    static func failure(_ error: some NativeAuthError, method: Method, next: NextCommand) -> CLIFailure {
        let lines = details(error)
        let summary = firstLine(of: error.errorDescription)
        switch error.code {
        case .browserRequired:
            return CLIFailure(.browserRequired, "A browser sign-in is required: the server will not complete this sign-in from a terminal.",
                              hint: browserHint(method, next: next), details: ["server: \(summary)"] + lines)
        case .serverUnavailable where error.httpStatus == nil:
            // No server answered: a correlation ID would find nothing in any server's logs.
            var failure = CLIFailure(.unavailable, summary, hint: "The server could not be reached: check the network, or try again later.",
                                     details: lines)
            failure.noServerAnswered = true
            return failure
        case .serverUnavailable:
            return CLIFailure(.unavailable, "\(summary) (correlation id \(error.correlationId.uuidString.lowercased()))",
                              hint: "The server could not be reached or failed; try again later.", details: lines)
        case .attemptLimitReached:
            return AttemptLimit.failure(error, method: method, again: method == .token ? next.line(["signin"], operand: next.operand) : next.againLine())
        case _ where isWrongCredentials(error):
            return CLIFailure(.wrongCredentials, summary, details: lines)
        case .flowExpired:
            let (what, command) = switch method {
            case .signUp: ("The sign-up", "signup")
            case .resetPassword: ("The password reset", "reset-password")
            default: ("The sign-in", "signin")
            }
            let again = next.again.isEmpty ? next.line([command], operand: next.operand) : next.againLine()
            return CLIFailure(.failure, "\(what) took too long.", hint: "To start over at the same place: \(again)", details: lines)
        case .deviceCodeExpired:
            return CLIFailure(.failure, "The code expired before anyone signed in with it: run `\(next.line(["signin", "--device-code"]))` again.",
                              details: lines)
        case .invalidScope:
            return CLIFailure(.failure, "The server refused the requested scopes: \(summary)",
                              hint: "Check the --scope values (or NATIVEAUTH_SCOPES): scopes of one API per request.", details: lines)
        case .refreshTokenExpired, .noAccount:
            var failure = CLIFailure(.failure, summary, hint: "Run `\(next.line(["signin"], operand: next.operand))` to sign in again.",
                                     details: lines)
            failure.signInNeeded = true
            return failure
        default:
            return CLIFailure(.failure, summary, details: lines)
        }
    }

    /// Whether the error is about the answer the user gave (a username, password, code or contact):
    /// exit code 3, and the code prompt asks again.
    static func isWrongCredentials(_ error: some NativeAuthError) -> Bool {
        switch error.code {
        case .userNotFound, .invalidUsername, .invalidCredentials, .userAlreadyExists, .invalidPassword, .invalidCode,
             .invalidInput, .verificationContactBlocked:
            return true
        default:
            return false
        }
    }

    /// No account has `username` (AADSTS50034): said with the address and the sign-up to run at the
    /// place `next` carries; the server's own line is among the details (`--verbose`).
    static func unknownAddress(_ error: some NativeAuthError, username: String, next: NextCommand) -> CLIFailure {
        CLIFailure(.wrongCredentials, "No account has the address \(TerminalText.sanitized(username)).",
                   hint: "Check its spelling, or create an account: " + next.line(["signup"], operand: username),
                   details: details(error))
    }

    /// A failure of the sign-in that ends a sign-up or a password reset: `done` says what already
    /// happened ("The account was created"), `hint` how to sign in instead.
    static func signInAfter(_ error: some NativeAuthError, method: Method, next: NextCommand, done: String, hint: String) -> CLIFailure {
        let failure = failure(error, method: method, next: next)
        return CLIFailure(failure.exit, "\(done), but signing in failed: \(failure.message)", hint: hint, details: failure.details)
    }

    /// The first non-empty line of a description (the server's are several lines), sanitised.
    static func firstLine(of description: String?) -> String {
        TerminalText.lines(description ?? "").first ?? "The request failed."
    }

    /// The protocol details shown with `--verbose`: never passwords, codes or tokens.
    static func details(_ error: some NativeAuthError) -> [String] {
        var lines: [String] = []
        if let server = error.serverError {
            lines.append("error: \(TerminalText.sanitized(server))"
                + (error.serverSubError.map { ", suberror: \(TerminalText.sanitized($0))" } ?? ""))
        }
        if !error.errorCodes.isEmpty {
            lines.append("error codes: " + error.errorCodes.map { "AADSTS\($0)" }.joined(separator: ", "))
        }
        if let status = error.httpStatus { lines.append("http status: \(status)") }
        lines.append("correlation id: \(error.correlationId.uuidString.lowercased())")
        let description = TerminalText.lines(error.errorDescription ?? "")
        if description.count > 1 {
            lines.append("description:")
            lines += description.map { "  \($0)" }
        }
        return lines
    }

    /// What to try instead of a native sign-in the server sends to the browser (`signin` offers the
    /// `--browser` command itself: ``BrowserFallbackOffer``).
    private static func browserHint(_ method: Method, next: NextCommand) -> String {
        switch method {
        case .code:
            "This account does not sign in with an email code here (it may use a password, or need a step only the web "
                + "page can do). Try `\(next.line(["signin", "--password"], operand: next.operand))`."
        case .password:
            "This account does not sign in with a password here (it may use an email code, or need a step only the web "
                + "page can do). Try `\(next.line(["signin", "--email"], operand: next.operand))`."
        case .token, .secondFactor:
            "The session needs a step only the web page can do: run `\(next.line(["signin", "--browser"], operand: next.operand))`."
        case .browser:
            "The server refused this sign-in on its web page too; check the app registration (redirect URI http://localhost, public client flows)."
        case .signUp:
            "The tenant signs users up with a method this command did not offer (try "
                + "`\(next.line(["signup", "--password"], operand: next.operand))`), or needs a step only the web page can do: "
                + "sign up through the app's web page."
        case .resetPassword:
            "The tenant resets this password with a method this command cannot offer, or needs a step only "
                + "the web page can do: reset the password through the app's web page."
        }
    }
}
