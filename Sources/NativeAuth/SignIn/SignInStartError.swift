#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``NativeAuthPublicClientApplication/signIn(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct SignInStartError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// No account has this username.
    public var isUserNotFound: Bool { code == .userNotFound }

    /// The username is empty or not valid.
    public var isInvalidUsername: Bool { code == .invalidUsername }

    /// The password given at the start is wrong.
    public var isInvalidCredentials: Bool { code == .invalidCredentials }
}
