#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-in waiting for the user's password.
///
/// Single-use like ``SignInCodeRequiredState``: a wrong password hands the same state back to try again.
public final class SignInPasswordRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the user's password.
    public func submitPassword(password: String) async -> SignInPasswordRequiredResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignInFlow.submitPassword(password, on: core)
        }
    }
}
