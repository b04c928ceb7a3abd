#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-up waiting for the one-time code sent to verify the new user's address.
///
/// Single-use: once a call has moved the flow on (the code was accepted, or a new code was sent),
/// the state is used up and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``,
/// sending nothing. A wrong code (or a network failure) hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/signUp(parameters:)``, ``SignUpPasswordRequiredState``,
///   ``SignUpAttributesRequiredState``, ``SignInAfterSignUpState``
public final class SignUpCodeRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code the user received. When it is right, the server creates the account or asks
    /// for what it still needs (a password, attributes).
    public func submitCode(code: String) async -> SignUpVerifyCodeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignUpFlow.submitCode(code, on: core)
        }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> SignUpResendCodeResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignUpFlow.resendCode(on: core)
        }
    }
}
