import Foundation
import Synchronization

/// What ``NativeAuthPublicClientApplication/signIn(parameters:)`` needs to start a sign-in.
///
/// A class, so it can be built up step by step as in MSAL's tutorials:
/// ```swift
/// let parameters = NativeAuthSignInParameters(username: email)
/// parameters.password = password          // only for email + password sign-in
/// parameters.scopes = ["api://contoso/Data.Read"]
/// ```
public final class NativeAuthSignInParameters: Sendable {
    private struct Values {
        var username: String
        var password: String?
        var scopes: [String]?
        var correlationId: UUID?
    }

    private let values: Mutex<Values>

    /// Creates parameters for `username` (the user's email address).
    public init(username: String) {
        values = Mutex(Values(username: username))
    }

    /// The user's email address (or username, where the tenant allows one).
    public var username: String {
        get { values.withLock { $0.username } }
        set { values.withLock { $0.username = newValue } }
    }

    /// The password, for email + password sign-in; sent without asking for it again.
    public var password: String? {
        get { values.withLock { $0.password } }
        set { values.withLock { $0.password = newValue } }
    }

    /// Scopes of one API to request beyond `openid profile offline_access` (always requested).
    public var scopes: [String]? {
        get { values.withLock { $0.scopes } }
        set { values.withLock { $0.scopes = newValue } }
    }

    /// The correlation ID of the flow; a new one when nil.
    public var correlationId: UUID? {
        get { values.withLock { $0.correlationId } }
        set { values.withLock { $0.correlationId = newValue } }
    }
}
