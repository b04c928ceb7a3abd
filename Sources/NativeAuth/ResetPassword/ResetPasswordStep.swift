/// The steps of a password reset, and the one place that says what the server's protocol errors
/// mean at each of them (MSAL's reset-password validators; docs/PROTOCOL.md §8) and which failures
/// hand a state back (§8.3).
enum ResetPasswordStep {
    case start, challenge, resend, codeContinue, submit, pollCompletion

    func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        switch (self, error.error) {
        case (.start, .userNotFound):
            return ErrorMeaning(.userNotFound)
        case (.start, .invalidRequest) where error.errorCodes.first == AADSTSCode.userDoesNotHavePassword:
            return ErrorMeaning(.userDoesNotHavePassword)
        case (.start, .invalidRequest) where error.isInvalidUsername:
            return ErrorMeaning(.invalidUsername)
        case (.codeContinue, .invalidGrant) where error.isWrongCode:
            return ErrorMeaning(.invalidCode)
        case (.submit, .invalidGrant), (.pollCompletion, .invalidGrant):
            return ErrorMeaning.passwordPolicy(error) ?? .general
        default:
            // Among them: expired_token, a lock-out after too many wrong codes (50053), a bad token.
            return .general
        }
    }

    /// Whether a failure of this step leaves the token good, so a state is handed back
    /// (docs/PROTOCOL.md §8.3): no answer before the new password was accepted (the code, the
    /// submit), a wrong code (the code), a password the policy refuses (the submit, and the polls,
    /// which hand back a password state on the submit's token), a refused resend (the code already
    /// sent still works: ``NativeAuthErrorDetails/leavesSentCodeUsable``, as MSAL). The start's steps
    /// have no state to hand back.
    func handsBack(_ details: NativeAuthErrorDetails) -> Bool {
        switch (self, details.kind) {
        case (.resend, _): return details.leavesSentCodeUsable
        case (.codeContinue, .unavailable), (.submit, .unavailable): return true
        case (.codeContinue, .invalidCode): return true
        case (.submit, .invalidPassword), (.pollCompletion, .invalidPassword): return true
        default: return false
        }
    }
}
