#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``NativeAuthPublicClientApplication/resetPassword(parameters:)`` needs to start a password reset.
///
/// A class, so it can be built up step by step as in MSAL's tutorials:
/// ```swift
/// let parameters = NativeAuthResetPasswordParameters(username: email)
/// parameters.correlationId = UUID()       // optional: one ID for the whole flow
/// ```
public final class NativeAuthResetPasswordParameters: Sendable {
    struct Values: Sendable {
        var username: String
        var correlationId: UUID?
    }

    private let values: LockedValues<Values>

    /// Creates parameters for `username` (the address of the account whose password is reset).
    public init(username: String) {
        values = LockedValues(Values(username: username))
    }

    /// The address of the account whose password is reset.
    public var username: String {
        get { values[\.username] }
        set { values[\.username] = newValue }
    }

    /// The correlation ID of the flow; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }

    /// All values at once, consistent with each other.
    var snapshot: Values { values.snapshot }
}
