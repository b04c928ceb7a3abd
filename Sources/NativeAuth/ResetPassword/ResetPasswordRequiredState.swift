#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A password reset whose code was accepted, waiting for the new password.
///
/// Submitting sends the password to `/resetpassword/v1.0/submit`, then waits while the server
/// completes the reset (`/resetpassword/v1.0/poll_completion` every `poll_interval` seconds through
/// the app's ``NativeAuthClock``, for at most ``maximumCompletionWait`` in all).
///
/// Single-use like ``ResetPasswordCodeRequiredState``: a password the policy refuses at the submit
/// (``PasswordRequiredError/isInvalidPassword``, with `serverSubError` naming the rule) hands the same
/// state back; one the server refuses while completing the reset hands back a state to submit another.
public final class ResetPasswordRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// The longest the library waits for the server to complete a reset after the submit.
    public static var maximumCompletionWait: Duration { ResetPasswordPolling.maximumTotalWait }

    /// Submits the new password and waits until the server has reset it.
    public func submitPassword(password: String) async -> ResetPasswordRequiredResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await ResetPasswordFlow.submitPassword(password, on: core)
        }
    }
}
