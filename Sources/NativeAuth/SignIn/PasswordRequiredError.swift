#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``SignInPasswordRequiredState/submitPassword(password:)``, ``SignUpPasswordRequiredState/submitPassword(password:)``
/// or ``ResetPasswordRequiredState/submitPassword(password:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct PasswordRequiredError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The password is wrong (sign-in), or the server's password policy refused it (sign-up,
    /// password reset; `serverSubError` names the rule); retry on the returned state.
    public var isInvalidPassword: Bool { code == .invalidPassword }
}
