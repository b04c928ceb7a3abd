/// The steps of the browser sign-in, and its error table: what each failure comes to, with the
/// public code (the flow has no state, so nothing is handed back).
enum BrowserStep: ErrorTable, CaseIterable {
    /// The browser's answer at the loopback redirect (`?error=…`).
    case authorize
    /// `/oauth2/v2.0/token` with the authorization code.
    case token

    /// The browser sign-in has no state to hand back.
    var handsBackWithoutAnswer: Bool { false }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole flow (a lock-out on the page is `access_denied` with AADSTS50053).
        if let end = ErrorOutcome.flowEnd(error) { return end }

        switch (self, error.error) {
        // The user cancelled on the page, or the server refused access.
        case (.authorize, .accessDenied):
            return ErrorOutcome(.accessDenied)
        default:
            return .general
        }
    }
}
