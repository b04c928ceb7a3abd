/// The steps of a device-code sign-in, and its error table: what each failure comes to (RFC 8628
/// §3.5 and Microsoft's names, docs/PROTOCOL.md §16.2), with the public code and whether the state is
/// handed back. `authorization_pending` and `slow_down` are no failures: ``DeviceCodeFlow`` polls on.
enum DeviceCodeStep: ErrorTable, CaseIterable {
    /// `/oauth2/v2.0/devicecode`: no state yet.
    case start
    /// A poll of `/oauth2/v2.0/token` with the device code.
    case poll

    /// No usable answer while polling: the device code is still good, wait again.
    var handsBackWithoutAnswer: Bool { self == .poll }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The device code expired: one code, whether the server says so or the library finds its
        // `expires_in` over (``DeviceCodeFlow``), as MSAL's device-code flows (`code_expired`).
        if self == .poll, error.error == .expiredToken { return ErrorOutcome(.deviceCodeExpired) }
        // The server ends the whole flow.
        if let end = ErrorOutcome.flowEnd(error) { return end }

        switch (self, error.error) {
        case (.poll, .authorizationDeclined), (.poll, .accessDenied):
            return ErrorOutcome(.declined)
        default:
            return .general
        }
    }
}
