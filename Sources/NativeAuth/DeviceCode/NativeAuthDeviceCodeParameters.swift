#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``NativeAuthPublicClientApplication/acquireTokenWithDeviceCode(parameters:)`` needs.
///
/// ```swift
/// let parameters = NativeAuthDeviceCodeParameters(scopes: ["api://contoso/Data.Read"])
/// ```
public final class NativeAuthDeviceCodeParameters: Sendable {
    struct Values: Sendable {
        var scopes: [String]
        var correlationId: UUID?
    }

    private let values: LockedValues<Values>

    /// Creates parameters for the API `scopes` (`openid profile offline_access` are always added).
    public init(scopes: [String] = []) {
        values = LockedValues(Values(scopes: scopes))
    }

    /// Scopes of one API to request beyond `openid profile offline_access` (always requested).
    public var scopes: [String] {
        get { values[\.scopes] }
        set { values[\.scopes] = newValue }
    }

    /// The correlation ID of the sign-in; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }

    var snapshot: Values { values.snapshot }
}
