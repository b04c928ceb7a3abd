#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-up whose address is verified, waiting for the new account's password.
///
/// Single-use like ``SignUpCodeRequiredState``: a password the policy refuses (``PasswordRequiredError/isInvalidPassword``,
/// with `serverSubError` naming the rule) hands the same state back to try another.
public final class SignUpPasswordRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the new account's password.
    public func submitPassword(password: String) async -> SignUpPasswordRequiredResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignUpFlow.submitPassword(password, on: core)
        }
    }
}
