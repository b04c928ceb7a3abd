/// Every reason a step can fail; each public error type exposes the ones it can carry.
enum ErrorKind: Sendable, Equatable {
    case browserRequired
    /// A failure of the browser or device-code sign-in (see ``WebFailure``).
    case web(WebFailure)
    case userNotFound
    case invalidUsername
    case invalidCredentials
    case invalidCode
    case invalidPassword
    case userAlreadyExists
    /// A password reset for an account that has no password (it signs in with an email code).
    case userDoesNotHavePassword
    case invalidAttributes
    /// A verification contact (an address or a phone number to register) the server refused as invalid.
    case invalidInput
    /// The server blocked a strong-authentication method or a verification contact (a risky number).
    case contactBlocked
    case refreshTokenExpired
    case invalidScope
    case noAccount
    case stateAlreadyUsed
    case delegateMethodNotImplemented
    case tokenStore
    /// The server refused with a protocol error this step has no better name for, or answered with
    /// something that does not fit the step (MSAL's "general error").
    case general
    /// No usable answer: transport failure, 5xx, 429, a redirect status, unreadable body.
    case unavailable
}
