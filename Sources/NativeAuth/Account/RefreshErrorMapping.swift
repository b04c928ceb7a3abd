/// What the server's protocol errors mean for a `refresh_token` grant.
///
/// `invalid_grant` usually means the session is over (expired, revoked, already used), but two of
/// its codes mean something the user can act on: 50076 (multi-factor authentication is now required)
/// and 50142 (the password must be changed). MSAL reports those as general errors with a sentence of
/// its own; so does this library, and neither is "refresh token expired".
enum RefreshErrorMapping {
    static func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        if error.errorCodes.contains(AADSTSCode.strongAuthRequired) || error.suberror == .mfaRequired {
            return ErrorMeaning(.general, prefix: "Multi-factor authentication is now required for this account, "
                + "which a refresh cannot do: sign out and sign in again (through the browser while NativeAuth cannot do the second factor).")
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
