#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``NativeAuthUserAccountResult/getAccessToken(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct RetrieveAccessTokenError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The session is over (the refresh token expired or was revoked): sign in again.
    public var isRefreshTokenExpired: Bool { code == .refreshTokenExpired }

    /// The server refused the requested scopes.
    public var isInvalidScope: Bool { code == .invalidScope }

    /// The account is no longer signed in (it signed out, or its tokens are gone).
    public var isNoAccount: Bool { code == .noAccount }
}
