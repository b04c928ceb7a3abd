/// A `refresh_token` grant, and its error table: what each failure comes to, with the public code
/// (a refresh has no state to hand back).
///
/// `invalid_grant` usually means the session is over (expired, revoked, already used), but two of
/// its codes mean something the user can act on: 50076 (multi-factor authentication is now required,
/// for example for a claims request's authentication context: ``NativeAuthErrorCode/interactionRequired``)
/// and 50142 (the password must be changed: a general error). MSAL reports both as general errors
/// with a sentence of its own; neither is "refresh token expired".
enum RefreshStep: ErrorTable, CaseIterable {
    /// A refresh.
    case refresh
    /// A refresh for an account whose previous refresh may have reached the server without its
    /// answer arriving: a 70000 then most likely means that lost answer rotated the token.
    case refreshAfterLostAnswer

    /// The AADSTS code of a refresh token that is unknown, revoked or already used.
    static let invalidRefreshToken = 70000

    /// A refresh has no state to hand back.
    var handsBackWithoutAnswer: Bool { false }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole flow (among them a refused scope, `invalid_scope`).
        if let end = ErrorOutcome.flowEnd(error) { return end }

        if self == .refreshAfterLostAnswer, error.error == .invalidGrant, error.errorCodes.contains(Self.invalidRefreshToken) {
            return ErrorOutcome(.refreshTokenExpired, prefix: "The session may have been rotated by a lost answer "
                + "(an earlier refresh reached the server but its answer never arrived): sign in again.")
        }
        if error.errorCodes.contains(AADSTSCode.strongAuthRequired) || error.suberror == .mfaRequired {
            return ErrorOutcome(.interactionRequired, prefix: "Multi-factor authentication is now required for this account, "
                + "which a refresh cannot do: sign in again, which asks for the second factor (in the browser for an app "
                + "without the mfaRequired capability).")
        }
        if error.errorCodes.contains(AADSTSCode.consentRequired) {
            // The session is fine; the app is not configured (consented) for these scopes.
            return ErrorOutcome(.invalidScope, prefix: "The app is not configured for the requested scopes, which a refresh cannot change.")
        }
        if error.errorCodes.contains(AADSTSCode.passwordChangeRequired) {
            return ErrorOutcome(.general, prefix: "The account's password must be changed before it gets new tokens: "
                + "reset the password, then sign in again.")
        }
        switch error.error {
        case .invalidGrant, .expiredRefreshToken:
            return ErrorOutcome(.refreshTokenExpired)
        default:
            return .general
        }
    }
}
