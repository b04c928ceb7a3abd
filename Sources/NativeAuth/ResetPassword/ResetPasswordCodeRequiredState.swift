#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A password reset waiting for the one-time code sent to the account's address.
///
/// Single-use: once a call has moved the flow on (the code was accepted, or a new code was sent),
/// the state is used up and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``,
/// sending nothing. A wrong code (or a network failure) hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/resetPassword(parameters:)``, ``ResetPasswordRequiredState``,
///   ``SignInAfterResetPasswordState``
public final class ResetPasswordCodeRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code the user received. When it is right, the server asks for the new password.
    public func submitCode(code: String) async -> ResetPasswordVerifyCodeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await ResetPasswordFlow.submitCode(code, on: core)
        }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> ResetPasswordResendCodeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await ResetPasswordFlow.resendCode(on: core)
        }
    }
}
