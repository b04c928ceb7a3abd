#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// The server's limit of wrong codes or passwords (``NativeAuthErrorCode/attemptLimitReached``,
/// AADSTS50053): the last allowed wrong answer ends the flow, and when the server locks the user
/// out for a while, it says for how long.
///
/// The server's own sentence ("The account is locked…") alarms people for what is most often a
/// flow that ended: it is shown with `--verbose` only. What the CLI says instead is that the flow
/// stopped, and what to do: start a new one; or, when the server asks to wait (a lock-out, which
/// refuses a right answer too), that the account's answers are refused for that long, said first.
enum AttemptLimit {
    /// The failure of a flow of `method` at its place: the sentence, and `again` (the command that
    /// starts a new flow there, ``NextCommand/againLine()``) to run now or after the wait.
    static func failure(_ error: some NativeAuthError, method: FailureMapping.Method, again: String) -> CLIFailure {
        let details = FailureMapping.details(error)
        guard let wait = waitingTime(in: error.errorDescription) else {
            return CLIFailure(.wrongCredentials, message(method), hint: "Run `\(again)` to start a new \(flow(method)).", details: details)
        }
        // A lock-out refuses a right answer too: "too many wrong codes" would blame the one just given.
        return CLIFailure(.wrongCredentials, "The server refuses this account's answers for now, after too many wrong codes or passwords: "
                              + "it asks to wait \(wait).", hint: "Run `\(again)` after that.", details: details)
    }

    private static func flow(_ method: FailureMapping.Method) -> String {
        switch method {
        case .signUp: "sign-up"
        case .resetPassword: "password reset"
        default: "sign-in"
        }
    }

    /// The sentence: "The sign-in stopped after too many wrong codes."
    static func message(_ method: FailureMapping.Method) -> String {
        switch method {
        case .code: return "The sign-in stopped after too many wrong codes."
        case .password: return "The sign-in stopped after too many wrong passwords."
        case .token, .browser: return "The sign-in stopped after too many wrong attempts."
        case .secondFactor: return "The sign-in stopped after too many wrong codes of the second factor."
        case .signUp: return "The sign-up stopped after too many wrong codes."
        case .resetPassword: return "The password reset stopped after too many wrong codes."
        }
    }

    /// How long the server asks to wait, as its description says it ("Try again in 60 seconds", in
    /// minutes too): with a redirect's "only in the browser" (``BrowserOnlyAccount``), the only words
    /// of a server the CLI reads, and only for their number.
    static func waitingTime(in description: String?) -> String? {
        guard let description,
              let match = description.firstMatch(of: /try again in (\d{1,9}) (second|minute)s?\b/.ignoresCase()),
              let number = Int(match.output.1)
        else { return nil }
        let unit = match.output.2.lowercased()
        return "\(number) \(unit)\(number == 1 ? "" : "s")"
    }
}
