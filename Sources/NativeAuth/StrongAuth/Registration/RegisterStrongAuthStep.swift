/// The steps of a strong-auth method registration, and what the server's protocol errors mean at
/// each (MSAL's validators: docs/PROTOCOL.md §9.2, §9.3).
enum RegisterStrongAuthStep {
    /// The contact's first challenge (from ``RegisterStrongAuthState``), another one once a code was
    /// sent (from ``RegisterStrongAuthVerificationRequiredState``), and the code.
    case challenge, resend, submit

    func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        switch self {
        case .challenge, .resend:
            if error.isInvalidVerificationContact { return ErrorMeaning(.invalidInput) }
            if error.isProviderBlocked {
                return ErrorMeaning(.contactBlocked, prefix: "The server blocked the verification contact provided.")
            }
            return .general
        case .submit:
            return error.isWrongCode ? ErrorMeaning(.invalidCode) : .general
        }
    }

    /// Whether a failure at this step leaves the state's token good, so a state is handed back: no
    /// answer, a refused or blocked contact (the challenge: try another), a wrong code (the submit), a
    /// refused resend (the code already sent still works: ``NativeAuthErrorDetails/leavesSentCodeUsable``,
    /// as MSAL).
    func handsBack(_ details: NativeAuthErrorDetails) -> Bool {
        if self == .resend { return details.leavesSentCodeUsable }
        switch details.kind {
        case .unavailable: return true
        case .invalidInput, .contactBlocked: return self == .challenge
        case .invalidCode: return self == .submit
        default: return false
        }
    }
}
