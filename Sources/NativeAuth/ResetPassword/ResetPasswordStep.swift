/// The steps of a password reset, and its error table: the one place that says what each failure
/// comes to at each of them (MSAL's reset-password validators; docs/PROTOCOL.md §8), with the public
/// code and whether a state is handed back (§8.3).
enum ResetPasswordStep: ErrorTable, CaseIterable {
    case start, challenge, resend, codeContinue, submit, pollCompletion

    /// No usable answer: the token is still good before the new password was accepted (the code, the
    /// submit); the start's steps have no state, and the polls come after the submit was accepted.
    var handsBackWithoutAnswer: Bool { [.resend, .codeContinue, .submit].contains(self) }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole flow (among them: a lock-out after too many wrong codes).
        if let end = ErrorOutcome.flowEnd(error) { return end }

        switch (self, error.error) {
        case (.start, .userNotFound):
            return ErrorOutcome(.userNotFound)
        case (.start, .invalidRequest) where error.errorCodes.first == AADSTSCode.userDoesNotHavePassword:
            return ErrorOutcome(.userDoesNotHavePassword)
        case (.start, .invalidRequest) where error.isInvalidUsername:
            return ErrorOutcome(.invalidUsername)
        case (.resend, _):
            return .refusedResend
        case (.codeContinue, _) where error.isWrongCode:
            return ErrorOutcome(.invalidCode, handsBack: true)
        // A password the policy refuses, also while completing: back to the submit (the polls hand
        // back a password state on the submit's token), as MSAL.
        case (.submit, _) where error.isPasswordPolicyRefusal, (.pollCompletion, _) where error.isPasswordPolicyRefusal:
            return ErrorOutcome(.invalidPassword, handsBack: true)
        default:
            // Among them: a bad continuation token.
            return .general
        }
    }
}
