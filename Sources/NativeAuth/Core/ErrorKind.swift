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
    /// The server blocked the strong-authentication method chosen for a second factor.
    case authMethodBlocked
    /// The server blocked a verification contact to register (a risky number).
    case contactBlocked
    case refreshTokenExpired
    /// A refresh cannot give what was asked: the user must sign in (a second factor is now required).
    case interactionRequired
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

extension ErrorKind {
    /// The public code of this kind (``NativeAuthErrorDetails/code`` may name a more specific one).
    var code: NativeAuthErrorCode {
        switch self {
        case .browserRequired: .browserRequired
        case .web(let failure):
            switch failure {
            case .timedOut: .timedOut
            case .cancelled: .cancelled
            case .browserUnavailable: .browserUnavailable
            case .loopbackFailed: .loopbackFailed
            case .accessDenied: .accessDenied
            case .invalidIDToken: .invalidIDToken
            case .deviceCodeExpired: .deviceCodeExpired
            case .declined: .declined
            }
        case .userNotFound: .userNotFound
        case .invalidUsername: .invalidUsername
        case .invalidCredentials: .invalidCredentials
        case .invalidCode: .invalidCode
        case .invalidPassword: .invalidPassword
        case .userAlreadyExists: .userAlreadyExists
        case .userDoesNotHavePassword: .userDoesNotHavePassword
        case .invalidAttributes: .invalidAttributes
        case .invalidInput: .invalidInput
        case .authMethodBlocked: .authMethodBlocked
        case .contactBlocked: .verificationContactBlocked
        case .refreshTokenExpired: .refreshTokenExpired
        case .interactionRequired: .interactionRequired
        case .invalidScope: .invalidScope
        case .noAccount: .noAccount
        case .stateAlreadyUsed: .stateAlreadyUsed
        case .delegateMethodNotImplemented: .delegateMethodNotImplemented
        case .tokenStore: .tokenStore
        case .general: .general
        case .unavailable: .serverUnavailable
        }
    }
}
