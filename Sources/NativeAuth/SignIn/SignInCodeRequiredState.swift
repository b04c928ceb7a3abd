import Foundation

/// A sign-in waiting for the one-time code that was sent to the user.
///
/// Single-use: once a call has moved the flow on (signed in, or sent a new code), the state is used up
/// and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``, sending nothing.
/// A wrong code hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/signIn(parameters:)``, ``SignInPasswordRequiredState``
public final class SignInCodeRequiredState: Sendable {
    let context: SignInContext
    let continuationToken: String
    let gate = StateGate()

    init(context: SignInContext, continuationToken: String) {
        self.context = context
        self.continuationToken = continuationToken
    }

    /// The flow's correlation ID.
    public var correlationId: UUID { context.correlationId }

    /// Submits the code the user received.
    public func submitCode(code: String) async -> SignInVerifyCodeResult {
        await gate.run(refused: { .error(VerifyCodeError(SignInFlow.alreadyUsed(context)), newState: nil) }) {
            await SignInFlow.submitCode(code, on: self)
        }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> SignInResendCodeResult {
        await gate.run(refused: { .error(ResendCodeError(SignInFlow.alreadyUsed(context)), newState: nil) }) {
            await SignInFlow.resendCode(on: self)
        }
    }
}
