import Foundation
import Synchronization

/// An access token and what it is good for.
public struct NativeAuthTokenResult: Sendable, Equatable {
    /// The access token, to send as `Authorization: Bearer …`.
    public let accessToken: String
    /// The scopes the server granted.
    public let scopes: [String]
    /// When the token expires.
    public let expiresOn: Date?
}

/// What ``NativeAuthUserAccountResult/getAccessToken(parameters:)`` should fetch.
///
/// ```swift
/// let parameters = NativeAuthGetAccessTokenParameters()
/// parameters.forceRefresh = true
/// ```
public final class NativeAuthGetAccessTokenParameters: Sendable {
    private struct Values {
        var forceRefresh: Bool
        var scopes: [String]?
        var correlationId: UUID?
    }

    private let values: Mutex<Values>

    /// Creates parameters.
    public init(forceRefresh: Bool = false, scopes: [String]? = nil, correlationId: UUID? = nil) {
        values = Mutex(Values(forceRefresh: forceRefresh, scopes: scopes, correlationId: correlationId))
    }

    /// Fetch a new token even when a cached one is still valid.
    public var forceRefresh: Bool {
        get { values.withLock { $0.forceRefresh } }
        set { values.withLock { $0.forceRefresh = newValue } }
    }

    /// Scopes of one API; nil for whatever the cached token of the sign-in covers.
    public var scopes: [String]? {
        get { values.withLock { $0.scopes } }
        set { values.withLock { $0.scopes = newValue } }
    }

    /// The correlation ID of the request; a new one when nil.
    public var correlationId: UUID? {
        get { values.withLock { $0.correlationId } }
        set { values.withLock { $0.correlationId = newValue } }
    }
}
