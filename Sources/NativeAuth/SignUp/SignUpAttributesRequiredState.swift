#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-up waiting for user attributes the server requires before it creates the account.
///
/// Single-use like ``SignUpCodeRequiredState``. Values the server refuses come back as
/// ``SignUpAttributesRequiredResult/attributesInvalid(attributeNames:newState:)`` with this same
/// state; values that cannot be sent (not of a JSON type) fail locally and hand it back too.
public final class SignUpAttributesRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits attribute values keyed by programmatic name, converted as
    /// ``NativeAuthSignUpParameters/attributes`` are.
    public func submitAttributes(attributes: [String: Any]) async -> SignUpAttributesRequiredResult {
        await submitAttributes(SignUpAttributes(attributes))
    }

    /// Submits attributes already converted (the delegate form converts before its task starts).
    func submitAttributes(_ attributes: SignUpAttributes) async -> SignUpAttributesRequiredResult {
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await SignUpFlow.submitAttributes(attributes, on: core, state: self)
        }
    }
}
