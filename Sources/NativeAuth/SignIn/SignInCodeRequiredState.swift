#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-in waiting for the one-time code that was sent to the user.
///
/// Single-use: once a call has moved the flow on (signed in, or sent a new code), the state is used up
/// and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``, sending nothing.
/// A wrong code (or a network failure) hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/signIn(parameters:)``, ``SignInPasswordRequiredState``
public final class SignInCodeRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code the user received.
    public func submitCode(code: String) async -> SignInVerifyCodeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignInFlow.submitCode(code, on: core)
        }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> SignInResendCodeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignInFlow.resendCode(on: core)
        }
    }
}
