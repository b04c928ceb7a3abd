#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-in whose first factor was accepted, waiting for the user to choose a second factor.
///
/// Reached through the `awaitingMFA` case of a sign-in result (a password, an email code, the
/// sign-in after a sign-up or a password reset), when the app advertised
/// ``NativeAuthCapabilities/mfaRequired``. Single-use: one ``requestChallenge(authMethod:)`` moves the
/// flow on to an ``MFARequiredState``, even when it fails in a way that can be retried.
///
/// ```swift
/// if case .awaitingMFA(let methods, let awaiting) = result,
///    case .verificationRequired(let state, let sentTo, _, _) = await awaiting.requestChallenge(authMethod: methods[0]) {
///     print("Enter the code sent to \(sentTo)")
///     _ = await state.submitChallenge(challenge: code)
/// }
/// ```
public final class AwaitingMFAState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Sends a code on `authMethod` (one of the methods the sign-in listed). A failure that leaves
    /// the sign-in good (another method may work, a network failure) answers an ``MFARequiredState``
    /// to ask again on.
    public func requestChallenge(authMethod: AuthMethod) async -> MFARequestChallengeResult {
        await core.run(retry: { .error($0, newState: nil) }, failed: { .error($0, newState: nil) }) {
            await MFAFlow.requestChallenge(authMethod, on: core)
                .handingOn { .error($0, newState: MFARequiredState(core: core.successor())) }
        }
    }
}
