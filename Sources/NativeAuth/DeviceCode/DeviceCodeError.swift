#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a device-code sign-in failed (``NativeAuthPublicClientApplication/acquireTokenWithDeviceCode(parameters:)``
/// or ``DeviceCodePendingState/waitForSignIn()``).
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `serverError`, `isServerUnavailable` (then the state is handed back to wait again),
/// `isStateAlreadyUsed`, `isBrowserRequired`.
public struct DeviceCodeError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The code expired before the user signed in (`expired_token`, or its `expires_in` passed: both
    /// are ``NativeAuthErrorCode/deviceCodeExpired``): start again.
    public var isExpired: Bool { code == .deviceCodeExpired }

    /// The user declined on the verification page (`authorization_declined`, `access_denied`).
    public var isDeclined: Bool { code == .declined }

    /// The wait was cancelled; the state is handed back and can wait again.
    public var isCancelled: Bool { code == .cancelled }
}
