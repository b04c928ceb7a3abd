import Foundation

/// What every error of a native-auth step has in common.
///
/// Each step has its own narrow error type (``SignInStartError``, ``VerifyCodeError``, …) with the
/// accessors that make sense for it; they all share these members.
public protocol NativeAuthError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The details behind the error.
    var details: NativeAuthErrorDetails { get }
}

extension NativeAuthError {
    /// What went wrong: the server's `error_description` (or a redirect's `redirect_reason`) when the
    /// server said why, else a sentence of the library's (local errors, unreachable servers).
    public var errorDescription: String? { details.message }
    /// The flow's correlation ID: quote it when asking the tenant's admins or Microsoft about a failure.
    public var correlationId: UUID { details.correlationId }
    /// The server's AADSTS numbers, if it sent any.
    public var errorCodes: [Int] { details.errorCodes }
    /// The server says the app must fall back to a browser sign-in (web fallback).
    public var isBrowserRequired: Bool {
        if case .browserRequired = details.kind { return true }
        return false
    }
    /// The server could not be reached, failed, or answered with something unreadable; trying again
    /// later may work.
    public var isServerUnavailable: Bool {
        if case .unavailable = details.kind { return true }
        return false
    }
    /// The state this was called on had already been used (or was in use): nothing was sent.
    public var isStateAlreadyUsed: Bool { details.kind == .stateAlreadyUsed }
    /// The server's `error` string, when the error came from a protocol error.
    public var serverError: String? { details.serverError?.error.rawValue }
    /// The server's `suberror` string, when it sent one.
    public var serverSubError: String? { details.serverError?.suberror?.rawValue }
    /// A page about the error, when the server named one (`error_uri`).
    public var errorUri: String? { details.serverError?.errorUri }
    /// The HTTP status of the failing response, when one arrived.
    public var httpStatus: Int? { details.httpStatus }

    public var description: String { details.message }
}

/// The details behind a native-auth error.
public struct NativeAuthErrorDetails: Sendable, Equatable {
    let kind: ErrorKind
    /// What went wrong (see ``NativeAuthError/errorDescription``).
    public let message: String
    /// The flow's correlation ID.
    public let correlationId: UUID
    /// The server's AADSTS numbers.
    public let errorCodes: [Int]
    let serverError: ServerErrorResponse?
    let httpStatus: Int?
    /// What the browser sign-in needs, on a browser-required error of a flow (see ``NativeAuthError/browserFallback``).
    var browserFallback: BrowserFallback?

    init(
        _ kind: ErrorKind, message: String, correlationId: UUID,
        serverError: ServerErrorResponse? = nil, httpStatus: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.correlationId = correlationId
        self.errorCodes = serverError?.errorCodes ?? []
        self.serverError = serverError
        self.httpStatus = httpStatus
    }

    /// The same details with another kind and message (a step that knows better what the error means).
    func with(_ kind: ErrorKind, message: String) -> NativeAuthErrorDetails {
        var details = NativeAuthErrorDetails(kind, message: message, correlationId: correlationId, serverError: serverError, httpStatus: httpStatus)
        details.browserFallback = browserFallback
        return details
    }
}

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
