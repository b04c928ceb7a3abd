import Foundation

/// Why ``SignInPasswordRequiredState/submitPassword(password:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct PasswordRequiredError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The password is wrong; retry on the returned state.
    public var isInvalidPassword: Bool { details.kind == .invalidPassword }
}
