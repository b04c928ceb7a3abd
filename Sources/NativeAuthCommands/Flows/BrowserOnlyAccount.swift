import NativeAuth

/// An account the server signs in only in the browser, as its redirect says (`redirect_reason`:
/// "This account signs in only in the browser: …"): neither an email code nor a password can do, so
/// the failure says so and names no other native sign-in (``BrowserFallbackOffer`` adds the
/// `--browser` command at the same place). With ``AttemptLimit/waitingTime(in:)``, the only words of a
/// server the CLI reads, and only to choose its own sentence.
enum BrowserOnlyAccount {
    /// Whether `error`'s redirect says the account signs in only in the browser.
    static func isBrowserOnly(_ error: some NativeAuthError) -> Bool {
        guard error.isBrowserRequired, let reason = error.browserFallback?.reason.lowercased() else { return false }
        return reason.contains("only in the browser") || reason.contains("only in a browser")
    }

    /// The failure for `username`, an account that signs in only in the browser (exit 4).
    static func failure(_ error: some NativeAuthError, username: String) -> CLIFailure {
        CLIFailure(.browserRequired, "\(TerminalText.sanitized(username)) signs in only in the browser: the server will not sign it in "
                       + "with an email code or a password here.",
                   details: ["server: \(FailureMapping.firstLine(of: error.errorDescription))"] + FailureMapping.details(error))
    }
}
