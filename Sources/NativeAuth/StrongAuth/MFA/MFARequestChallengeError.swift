#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``AwaitingMFAState/requestChallenge(authMethod:)`` or ``MFARequiredState/requestChallenge(authMethod:)``
/// sent no code.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct MFARequestChallengeError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The server blocked this method (a number refused by its reputation checks): choose another
    /// one on the returned state.
    public var isAuthMethodBlocked: Bool { code == .authMethodBlocked }
}
