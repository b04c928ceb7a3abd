#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``NativeAuthPublicClientApplication/resetPassword(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired` (the server wants a method the app did not offer, such as a client without
/// ``NativeAuthChallengeTypes/OOB``), `isServerUnavailable`, `isStateAlreadyUsed`, `serverError`.
public struct ResetPasswordStartError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// No account has this username (`user_not_found`).
    public var isUserNotFound: Bool { code == .userNotFound }

    /// The account has no password to reset: it signs in with an email code (`invalid_request`,
    /// AADSTS500222, "The tenant or user does not support native credential recovery"; the same
    /// answer when the tenant has not enabled self-service password reset).
    public var isUserDoesNotHavePassword: Bool { code == .userDoesNotHavePassword }

    /// The username is empty, too long, or not valid.
    public var isInvalidUsername: Bool { code == .invalidUsername }
}
