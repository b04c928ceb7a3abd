#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``SignUpAttributesRequiredState/submitAttributes(attributes:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `isBrowserRequired`, `isServerUnavailable`, `isStateAlreadyUsed`.
public struct AttributesRequiredError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The attributes cannot be sent: a value is not of a JSON type, or there are too many or too
    /// big ones. Found locally: nothing was sent, and the state is handed back to try again.
    public var isInvalidAttributes: Bool { code == .invalidAttributes }
}
