#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// What the error means, to switch on (an open set: see ``NativeAuthErrorCode``).
    public var code: NativeAuthErrorCode { details.code }
    /// Too many wrong codes or passwords: the server locked the flow (or, for a while, the account);
    /// start again, later if the description says so.
    public var isAttemptLimitReached: Bool { code == .attemptLimitReached }
    /// The flow took too long (its token or device code expired): start it again.
    public var isExpired: Bool { code == .flowExpired || code == .deviceCodeExpired }
    /// The server's AADSTS numbers, if it sent any.
    public var errorCodes: [Int] { details.errorCodes }
    /// The server says the app must fall back to a browser sign-in (web fallback).
    public var isBrowserRequired: Bool { code == .browserRequired }
    /// The server could not be reached, failed, or answered with something unreadable; trying again
    /// later may work.
    public var isServerUnavailable: Bool { code == .serverUnavailable }
    /// The state this was called on had already been used (or was in use): nothing was sent.
    public var isStateAlreadyUsed: Bool { code == .stateAlreadyUsed }
    /// The server's `error` string, when the error came from a protocol error.
    public var serverError: String? { details.serverError?.error.rawValue }
    /// The server's `suberror` string, when it sent one.
    public var serverSubError: String? { details.serverError?.suberror?.rawValue }
    /// The password-policy rule a new password broke (one of ``ServerSubError/passwordPolicy``, as
    /// V1 spells it, whichever API answered), when the server refused one under its policy.
    public var passwordPolicyRule: ServerSubError? { details.serverError?.suberror?.passwordPolicyRule }
    /// A page about the error, when the server named one (`error_uri`).
    public var errorUri: String? { details.serverError?.errorUri }
    /// The HTTP status of the failing response, when one arrived.
    public var httpStatus: Int? { details.httpStatus }

    public var description: String { details.message }
}
