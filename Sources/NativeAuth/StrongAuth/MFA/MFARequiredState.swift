#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-in waiting for the code of a second factor.
///
/// Single-use like ``SignInCodeRequiredState``: a wrong code, a blocked method, a refused resend or a
/// network failure hands the same state back (after a refused resend, the code already sent still
/// works); ``requestChallenge(authMethod:)`` sends a new code (the same method again, or another
/// one) and moves on to a new state.
///
/// ```swift
/// switch await state.submitChallenge(challenge: code) {
/// case .completed(let result): print("Signed in as \(result.account.username)")
/// case .error(let error, let retry): print(error.errorDescription ?? "") // retry on `retry` if not nil
/// }
/// ```
public final class MFARequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Sends a new code on `authMethod`: a resend, or a switch to another method.
    public func requestChallenge(authMethod: AuthMethod) async -> MFARequestChallengeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await MFAFlow.requestChallenge(authMethod, on: core, step: .resend)
        }
    }

    /// Submits the code the user received (`grant_type=mfa_oob`) and stores the account.
    public func submitChallenge(challenge: String) async -> MFASubmitChallengeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await MFAFlow.submitChallenge(challenge, on: core)
        }
    }
}
