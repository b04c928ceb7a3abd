import Foundation

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
    private struct Values: Sendable {
        var forceRefresh: Bool
        var scopes: [String]?
        var correlationId: UUID?
    }

    private let values: LockedValues<Values>

    /// Creates parameters.
    public init(forceRefresh: Bool = false, scopes: [String]? = nil, correlationId: UUID? = nil) {
        values = LockedValues(Values(forceRefresh: forceRefresh, scopes: scopes, correlationId: correlationId))
    }

    /// Fetch a new token even when a cached one is still valid.
    public var forceRefresh: Bool {
        get { values[\.forceRefresh] }
        set { values[\.forceRefresh] = newValue }
    }

    /// Scopes of one API; nil for the scopes the account signed in with.
    public var scopes: [String]? {
        get { values[\.scopes] }
        set { values[\.scopes] = newValue }
    }

    /// The correlation ID of the request; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }
}
