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

    /// Whether the code already sent can still be submitted: true when this error answered
    /// ``RegisterStrongAuthVerificationRequiredState/challengeAuthMethod(parameters:)`` (a resend, or
    /// another contact) and the registration is still good (the server refused the new challenge, did
    /// not answer, or nothing was sent), so that state stays usable for
    /// ``RegisterStrongAuthVerificationRequiredState/submitChallenge(challenge:)`` besides the
    /// returned state. False when the flow is over, and for the first challenge of a contact (from
    /// ``RegisterStrongAuthState``), which had sent no code.
    public let leavesSentCodeUsable: Bool

    init(_ details: NativeAuthErrorDetails) {
        self.details = details
        leavesSentCodeUsable = false
    }

    private init(_ details: NativeAuthErrorDetails, leavesSentCodeUsable: Bool) {
        self.details = details
        self.leavesSentCodeUsable = leavesSentCodeUsable
    }

    /// The same error, for a new challenge that leaves the code already sent usable.
    func leavingSentCodeUsable() -> RegisterStrongAuthChallengeError {
        RegisterStrongAuthChallengeError(details, leavesSentCodeUsable: true)
    }

    /// The verification contact is empty or not a valid address or number; retry on the returned state.
    public var isInvalidInput: Bool { code == .invalidInput }
    /// The server blocked the contact (a number refused by its reputation checks); try another one
    /// on the returned state.
    public var isVerificationContactBlocked: Bool { code == .verificationContactBlocked }
}
