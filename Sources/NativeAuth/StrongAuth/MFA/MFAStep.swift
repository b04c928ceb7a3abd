/// The steps of the MFA loop, and what the server's protocol errors mean at each (MSAL's
/// validators: docs/PROTOCOL.md §9.1, §9.3).
enum MFAStep {
    /// The first challenge (from ``AwaitingMFAState``), and another one from ``MFARequiredState`` (a
    /// resend, or another method) once a code was sent.
    case challenge, resend, grant

    func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        switch self {
        case .challenge, .resend:
            return error.isProviderBlocked
                ? ErrorMeaning(.authMethodBlocked, prefix: "The server blocked the strong authentication method.") : .general
        case .grant:
            return error.isWrongCode ? ErrorMeaning(.invalidCode) : .general
        }
    }

    /// Whether a failure at this step leaves the state's token good, so the state is handed back:
    /// no answer, a wrong code (the grant), a blocked or unknown method (the challenge: choose
    /// another; an unknown token, AADSTS55200, is not one), a refused resend (the code already sent
    /// still works: ``NativeAuthErrorDetails/leavesSentCodeUsable``, as MSAL). An expired or refused
    /// token, a redirect or an unusable answer end the sign-in.
    func handsBack(_ details: NativeAuthErrorDetails) -> Bool {
        if self == .resend { return details.leavesSentCodeUsable }
        switch details.kind {
        case .unavailable: return true
        case .invalidCode: return self == .grant
        case .authMethodBlocked: return self == .challenge
        case .general:
            // An unknown method (`invalid_request`), but not a token the server no longer knows (55200).
            return self == .challenge && details.serverError?.error == .invalidRequest
                && !details.errorCodes.contains(AADSTSCode.invalidContinuationToken)
        default: return false
        }
    }
}
