/// The steps of the MFA loop, and its error table: what each failure comes to at each of them
/// (MSAL's validators: docs/PROTOCOL.md §9.1, §9.3), with the public code and whether the state is
/// handed back.
enum MFAStep: ErrorTable, CaseIterable {
    /// Listing the methods (`/oauth2/v2.0/introspect`), after the grant that asked for a second
    /// factor: any failure ends the sign-in, the grant used the previous state's token.
    case introspect
    /// The first challenge (from ``AwaitingMFAState``), and another one from ``MFARequiredState`` (a
    /// resend, or another method) once a code was sent.
    case challenge, resend
    /// The code, with the `mfa_oob` grant.
    case grant

    /// No usable answer: the state's token is still good; listing the methods has no state of its own.
    var handsBackWithoutAnswer: Bool { self != .introspect }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole flow (an expired or locked sign-in).
        if let end = ErrorOutcome.flowEnd(error) { return end }

        switch (self, error.error) {
        // A blocked method: choose another.
        case (.challenge, _) where error.isProviderBlocked, (.resend, _) where error.isProviderBlocked:
            return ErrorOutcome(.authMethodBlocked, prefix: "The server blocked the strong authentication method.", handsBack: true)
        // An unknown method: choose another; but not a token the server no longer knows (55200).
        case (.challenge, .invalidRequest) where !error.errorCodes.contains(AADSTSCode.invalidContinuationToken):
            return ErrorOutcome(.general, handsBack: true)
        case (.resend, _):
            return .refusedResend
        case (.grant, _) where error.isWrongCode:
            return ErrorOutcome(.invalidCode, handsBack: true)
        case (.grant, _) where error.requiresMFA || error.requiresRegistration:
            return ErrorOutcome(.general, prefix: "The server asked for another strong authentication after the second factor.")
        default:
            return .general
        }
    }
}
