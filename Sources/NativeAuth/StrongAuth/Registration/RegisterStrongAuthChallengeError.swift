#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``RegisterStrongAuthState/challengeAuthMethod(parameters:)`` sent no code.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct RegisterStrongAuthChallengeError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The verification contact is empty or not a valid address or number; retry on the returned state.
    public var isInvalidInput: Bool { code == .invalidInput }
    /// The server blocked the contact (a number refused by its reputation checks); try another one
    /// on the returned state.
    public var isVerificationContactBlocked: Bool { code == .verificationContactBlocked }
}
