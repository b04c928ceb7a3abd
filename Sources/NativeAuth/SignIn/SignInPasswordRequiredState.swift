import Foundation

/// A sign-in waiting for the user's password.
///
/// Single-use like ``SignInCodeRequiredState``: a wrong password hands the same state back to try again.
public final class SignInPasswordRequiredState: Sendable {
    let context: SignInContext
    let continuationToken: String
    let gate = StateGate()

    init(context: SignInContext, continuationToken: String) {
        self.context = context
        self.continuationToken = continuationToken
    }

    /// The flow's correlation ID.
    public var correlationId: UUID { context.correlationId }

    /// Submits the user's password.
    public func submitPassword(password: String) async -> SignInPasswordRequiredResult {
        await gate.run(refused: { .error(PasswordRequiredError(SignInFlow.alreadyUsed(context)), newState: nil) }) {
            await SignInFlow.submitPassword(password, on: self)
        }
    }
}
