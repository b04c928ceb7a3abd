/// The steps of a sign-in, and its error table: the one place that says what each failure comes to
/// at each of them (MSAL's sign-in validators, with the improvements listed in docs/PROTOCOL.md §6),
/// with the public code and whether the state is handed back.
enum SignInStep: ErrorTable, CaseIterable {
    case initiate, challenge, resend, oobGrant
    /// The password grant with the password given to the start.
    case passwordGrant
    /// The password grant with a password submitted on its own state: wrong credentials are a wrong
    /// password there.
    case submitPassword
    /// The `continuation_token` grant that signs the user in after a sign-up or a password reset
    /// (docs/PROTOCOL.md §6.3, §7.5, §8).
    case continuationGrant

    /// No usable answer: the state's token is still good; the start's steps have no state to hand back.
    var handsBackWithoutAnswer: Bool { ![.initiate, .challenge, .passwordGrant].contains(self) }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // What the app cannot do natively: the browser. A second factor the app can do was gone on
        // with before (``NativeRedemption``; at the challenge, the start's `introspect`).
        if self == .challenge, error.isIntrospectRequired {
            return ErrorOutcome(.browserRequired, prefix: "The server requires choosing a strong authentication method, which the app cannot do natively without the .mfaRequired capability: sign in through the browser.")
        }
        if [.oobGrant, .passwordGrant, .submitPassword, .continuationGrant].contains(self),
           let browser = ErrorOutcome.strongAuthentication(error) {
            return browser
        }
        // The server ends the whole flow.
        if let end = ErrorOutcome.flowEnd(error) { return end }

        // Only 50126 means a wrong password and 50034 an unknown user; other `invalid_grant`s (a bad
        // or expired continuation token, a locked account) end the flow: no retry that would loop.
        let credentials = error.error == .invalidGrant && error.suberror == nil ? error.errorCodes.first : nil
        switch (self, error.error) {
        case (.initiate, .userNotFound):
            return ErrorOutcome(.userNotFound)
        case (.initiate, .invalidRequest) where error.isInvalidUsername:
            return ErrorOutcome(.invalidUsername)
        case (.resend, _):
            return .refusedResend
        case (.oobGrant, _) where error.isWrongCode:
            return ErrorOutcome(.invalidCode, handsBack: true)
        case (.passwordGrant, _) where credentials == AADSTSCode.invalidCredentials:
            return ErrorOutcome(.invalidCredentials)
        case (.submitPassword, _) where credentials == AADSTSCode.invalidCredentials:
            return ErrorOutcome(.invalidPassword, handsBack: true)
        case (.passwordGrant, .userNotFound), (.submitPassword, .userNotFound):
            return ErrorOutcome(.userNotFound)
        case (.passwordGrant, .invalidGrant), (.submitPassword, .invalidGrant):
            return credentials == AADSTSCode.userNotFound ? ErrorOutcome(.userNotFound) : .general
        default:
            // Among them: a refusal of the continuation grant (as MSAL, a general error).
            return .general
        }
    }
}
