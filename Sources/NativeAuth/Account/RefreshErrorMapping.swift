/// What the server's protocol errors mean for a `refresh_token` grant.
///
/// `invalid_grant` usually means the session is over (expired, revoked, already used), but two of
/// its codes mean something the user can act on: 50076 (multi-factor authentication is now required,
/// for example for a claims request's authentication context: ``NativeAuthErrorCode/interactionRequired``)
/// and 50142 (the password must be changed: a general error). MSAL reports both as general errors
/// with a sentence of its own; neither is "refresh token expired".
enum RefreshErrorMapping {
    /// The AADSTS code of a refresh token that is unknown, revoked or already used.
    static let invalidRefreshToken = 70000

    /// ``meaning(of:)``, for an account whose previous refresh may have reached the server without
    /// its answer arriving: a 70000 then most likely means that lost answer rotated the token.
    static func meaning(afterLostAnswer: Bool) -> @Sendable (ServerErrorResponse) -> ErrorMeaning {
        { error in
            guard afterLostAnswer, error.error == .invalidGrant, error.errorCodes.contains(invalidRefreshToken) else {
                return meaning(of: error)
            }
            return ErrorMeaning(.refreshTokenExpired, prefix: "The session may have been rotated by a lost answer "
                + "(an earlier refresh reached the server but its answer never arrived): sign in again.")
        }
    }

    static func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        if error.errorCodes.contains(AADSTSCode.strongAuthRequired) || error.suberror == .mfaRequired {
            return ErrorMeaning(.interactionRequired, prefix: "Multi-factor authentication is now required for this account, "
                + "which a refresh cannot do: sign out and sign in again (through the browser while NativeAuth cannot do the second factor).")
        }
        if error.errorCodes.contains(AADSTSCode.consentRequired) {
            // The session is fine; the app is not configured (consented) for these scopes.
            return ErrorMeaning(.invalidScope, prefix: "The app is not configured for the requested scopes, which a refresh cannot change.")
        }
        if error.errorCodes.contains(AADSTSCode.passwordChangeRequired) {
            return ErrorMeaning(.general, prefix: "The account's password must be changed before it gets new tokens: "
                + "reset the password, then sign in again.")
        }
        switch error.error {
        case .invalidGrant, .expiredRefreshToken:
            return ErrorMeaning(.refreshTokenExpired)
        case .invalidScope:
            return ErrorMeaning(.invalidScope)
        default:
            return .general
        }
    }
}
