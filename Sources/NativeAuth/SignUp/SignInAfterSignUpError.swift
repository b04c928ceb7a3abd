#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``SignInAfterSignUpState/signIn(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`. When the sign-up ended without
/// a continuation token, the error says that sign-in is not available at this point and nothing is
/// sent: the account exists, so sign in with ``NativeAuthPublicClientApplication/signIn(parameters:)``.
public struct SignInAfterSignUpError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }
}
