/// The errors of the browser flows: the authorize endpoint, the `authorization_code` grant, and the
/// device authorization grant (docs/EMULATOR.md lists them with their sources).
extension ProtocolError {
    static func redirectMismatch(_ uri: String, clientId: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 50011,
                      message: "The redirect URI '\(uri.prefix(256))' specified in the request does not match the redirect URIs configured for the application '\(clientId)'. The emulator's application lists http://localhost, http://127.0.0.1 and http://[::1] (any port).")
    }

    static func unsupportedResponseType(_ value: String) -> ProtocolError {
        ProtocolError(error: "unsupported_response_type", code: 700_054,
                      message: "response_type '\(value.prefix(32))' is not enabled for the application; the emulator serves response_type=code.")
    }

    static let loginRequired = ProtocolError(
        error: "login_required", code: 50058,
        message: "A silent sign-in request was sent but no user is signed in (the emulator keeps no browser session).")

    static let userDeclined = ProtocolError(
        error: "access_denied", code: 65004, message: "User declined to consent to access the app.")

    static func pageLockedOut(of what: String) -> ProtocolError {
        ProtocolError(error: "access_denied", code: 50053,
                      message: "The account is locked: too many wrong \(what) in this sign-in. Start a new sign-in.")
    }

    // MARK: authorization_code grant

    static let unknownAuthorizationCode = ProtocolError(
        error: "invalid_grant", code: 70000, message: "Provided grant is invalid or malformed: the authorization code is unknown.")

    static let authorizationCodeOfAnotherClient = ProtocolError(
        error: "invalid_grant", code: 70000, message: "Provided grant is invalid or malformed: the authorization code was issued to another client.")

    static let authorizationCodeRedeemed = ProtocolError(
        error: "invalid_grant", code: 54005,
        message: "OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.")

    static let authorizationCodeExpired = ProtocolError(
        error: "invalid_grant", code: 70008,
        message: "The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.")

    static let codeVerifierMismatch = ProtocolError(
        error: "invalid_grant", code: 501_481,
        message: "The Code_Verifier does not match the code_challenge supplied in the authorization request.")

    static func replyAddressMismatch(_ uri: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 500_112,
                      message: "The reply address '\(uri.prefix(256))' does not match the reply address provided when requesting the authorization code.")
    }

    // MARK: Device authorization grant (RFC 8628 §3.5)

    static let authorizationPending = ProtocolError(
        error: "authorization_pending", code: 70016,
        message: "The provided request has not yet been authorized by the user. The user must input their code.")

    static func slowDown(interval: Int) -> ProtocolError {
        ProtocolError(error: "slow_down", code: 70016,
                      message: "The client polls too often: wait \(interval) seconds between polls (RFC 8628 §3.5).")
    }

    static let deviceCodeExpired = ProtocolError(
        error: "expired_token", code: 70020,
        message: "The provided value for the input parameter 'device_code' is not valid. This device code has expired.")

    static let badVerificationCode = ProtocolError(
        error: "bad_verification_code", code: 70018,
        message: "Invalid verification code: the device_code is unknown, of another client, or already redeemed.")

    static let authorizationDeclined = ProtocolError(
        error: "authorization_declined", code: 65004, message: "User declined to consent to access the app.")

    static let deviceSignInLocked = ProtocolError(
        error: "access_denied", code: 50053,
        message: "The account is locked: too many wrong codes or passwords on the verification page. Start a new sign-in.")
}
