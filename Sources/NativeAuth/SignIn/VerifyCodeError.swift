#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``SignInCodeRequiredState/submitCode(code:)``, ``SignUpCodeRequiredState/submitCode(code:)`` or
/// ``ResetPasswordCodeRequiredState/submitCode(code:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct VerifyCodeError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The code is wrong; retry on the returned state.
    public var isInvalidCode: Bool { code == .invalidCode }
}
