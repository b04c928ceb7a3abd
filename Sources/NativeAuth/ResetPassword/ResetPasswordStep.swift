/// The steps of a password reset, and what the server's protocol errors mean at each of them
/// (MSAL's reset-password validators; docs/PROTOCOL.md §8).
enum ResetPasswordStep {
    case start, challenge, resend, codeContinue, submit, pollCompletion

    func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        switch (self, error.error) {
        case (.start, .userNotFound):
            return ErrorMeaning(.userNotFound)
        case (.start, .invalidRequest) where error.errorCodes.first == AADSTSCode.userDoesNotHavePassword:
            return ErrorMeaning(.userDoesNotHavePassword)
        case (.start, .invalidRequest) where error.errorCodes.first == AADSTSCode.invalidParameter
            && (error.errorDescription ?? "").contains("username"):
            return ErrorMeaning(.invalidUsername)
        case (.codeContinue, .invalidGrant) where error.suberror == .invalidOOBValue:
            return ErrorMeaning(.invalidCode)
        case (.submit, .invalidGrant), (.pollCompletion, .invalidGrant):
            return ErrorMeaning.passwordPolicy(error) ?? .general
        default:
            // Among them: expired_token, a lock-out after too many wrong codes (50053), a bad token.
            return .general
        }
    }
}
