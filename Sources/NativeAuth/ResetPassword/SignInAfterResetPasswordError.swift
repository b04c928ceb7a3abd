#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``SignInAfterResetPasswordState/signIn(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`. The password was reset in any
/// case: a standalone ``NativeAuthPublicClientApplication/signIn(parameters:)`` with the new
/// password can still work. When the reset ended without a continuation token, the error says that
/// sign-in is not available at this point and nothing is sent.
public struct SignInAfterResetPasswordError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }
}
