#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A registration waiting for the code sent to the contact being registered.
///
/// Single-use: a wrong code or a network failure hands the same state back;
/// ``challengeAuthMethod(parameters:)`` sends a new code (to the same contact or another one). When
/// that is refused, this state stays usable too: the code already sent can still be submitted.
///
/// ```swift
/// switch await state.submitChallenge(challenge: code) {
/// case .completed(let result): print("Registered; signed in as \(result.account.username)")
/// case .error(let error, let retry): print(error.errorDescription ?? "") // retry on `retry` if not nil
/// }
/// ```
public final class RegisterStrongAuthVerificationRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code (`/register/v1.0/continue`), then signs the user in.
    public func submitChallenge(challenge: String) async -> RegisterStrongAuthSubmitChallengeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await RegisterStrongAuthFlow.submit(challenge, on: core)
        }
    }

    /// Sends a new code: to the same contact (a resend) or another one. A failure that leaves the
    /// registration good (a refused resend among them) answers a ``RegisterStrongAuthState`` to try
    /// again on, and leaves this state usable, so the code already sent can still be submitted: the
    /// error's ``RegisterStrongAuthChallengeError/leavesSentCodeUsable`` says so.
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters) async -> RegisterStrongAuthChallengeResult {
        await core.run(retry: { .error($0, newState: nil) }, failed: { .error($0, newState: nil) }) {
            await RegisterStrongAuthFlow.challenge(parameters, on: core, step: .resend)
                .handingBack { .error($0.leavingSentCodeUsable(), newState: RegisterStrongAuthState(core: core.successor())) }
        }
    }
}
