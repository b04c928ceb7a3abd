#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``MFARequiredState/submitChallenge(challenge:)`` did not sign the user in.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct MFASubmitChallengeError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The code is wrong (or empty); retry on the returned state.
    public var isInvalidChallenge: Bool { code == .invalidCode }
}
