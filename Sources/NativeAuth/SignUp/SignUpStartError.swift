#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``NativeAuthPublicClientApplication/signUp(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`, `serverError`, `serverSubError`.
public struct SignUpStartError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The address already has an account (`user_already_exists`): sign in instead.
    public var isUserAlreadyExists: Bool { code == .userAlreadyExists }

    /// The username is empty or not a valid address.
    public var isInvalidUsername: Bool { code == .invalidUsername }

    /// The password given at the start is empty, or the server's password policy refused it
    /// (`serverSubError` names the rule: `password_too_short`, `password_too_weak`, …).
    public var isInvalidPassword: Bool { code == .invalidPassword }

    /// The attributes cannot be sent: a value is not of a JSON type, or there are too many or too
    /// big ones. Found locally: nothing was sent. (The server's refusal of attribute values is
    /// ``SignUpStartResult/attributesInvalid(attributeNames:)`` instead.)
    public var isInvalidAttributes: Bool { code == .invalidAttributes }
}
