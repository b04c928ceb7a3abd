/// The steps of a strong-auth method registration, and its error table: what each failure comes to
/// at each of them (MSAL's validators: docs/PROTOCOL.md §9.2, §9.3), with the public code and whether
/// a state is handed back.
enum RegisterStrongAuthStep: ErrorTable, CaseIterable {
    /// Listing the methods (`/register/v1.0/introspect`), after the grant that asked for a
    /// registration: any failure ends the sign-in, the grant used the previous state's token.
    case introspect
    /// The contact's first challenge (from ``RegisterStrongAuthState``), another one once a code was
    /// sent (from ``RegisterStrongAuthVerificationRequiredState``), and the code.
    case challenge, resend, submit
    /// The `continuation_token` grant at `/oauth2/v2.0/token` once the method is registered: any
    /// failure ends the sign-in (the method stays registered).
    case signIn

    /// No usable answer: the state's token is still good; listing the methods and the final sign-in
    /// have no state of their own.
    var handsBackWithoutAnswer: Bool { self != .introspect && self != .signIn }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole flow (an expired or locked sign-in).
        if let end = ErrorOutcome.flowEnd(error) { return end }

        switch (self, error.error) {
        // A refused or blocked contact: try another.
        case (.challenge, _) where error.isInvalidVerificationContact, (.resend, _) where error.isInvalidVerificationContact:
            return ErrorOutcome(.invalidInput, handsBack: true)
        case (.challenge, _) where error.isProviderBlocked, (.resend, _) where error.isProviderBlocked:
            return .blockedContact
        case (.resend, _):
            return .refusedResend
        case (.submit, _) where error.isWrongCode:
            return ErrorOutcome(.invalidCode, handsBack: true)
        case (.signIn, _) where error.requiresMFA || error.requiresRegistration:
            return ErrorOutcome(.general, prefix: "The server asked for another strong authentication after the registration.")
        default:
            return .general
        }
    }
}
