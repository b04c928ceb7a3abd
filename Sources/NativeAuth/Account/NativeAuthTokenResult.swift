#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An access token and what it is good for.
public struct NativeAuthTokenResult: Sendable, Equatable {
    /// The access token, to send as `Authorization: Bearer …`.
    public let accessToken: String
    /// The scopes the server granted.
    public let scopes: [String]
    /// When the token expires.
    public let expiresOn: Date?
    /// The account's refresh token as the store holds it after this call, only when
    /// ``NativeAuthGetAccessTokenParameters/returnRefreshToken`` asked for it (MSAL's `refreshToken`);
    /// nil otherwise, or when the server issued none. It is a long-lived secret: hand it only to what
    /// must have it (a backend that refreshes on the user's behalf), never to a log.
    public let refreshToken: String?

    init(accessToken: String, scopes: [String], expiresOn: Date?, refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.scopes = scopes
        self.expiresOn = expiresOn
        self.refreshToken = refreshToken
    }

    /// This result carrying `refreshToken`.
    func carrying(refreshToken: String?) -> NativeAuthTokenResult {
        NativeAuthTokenResult(accessToken: accessToken, scopes: scopes, expiresOn: expiresOn, refreshToken: refreshToken)
    }
}

/// What ``NativeAuthUserAccountResult/getAccessToken(parameters:)`` should fetch.
///
/// ```swift
/// let parameters = NativeAuthGetAccessTokenParameters()
/// parameters.forceRefresh = true
/// parameters.claimsRequest = try ClaimsRequest(jsonString: #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#)
/// ```
public final class NativeAuthGetAccessTokenParameters: Sendable {
    private struct Values: Sendable {
        var forceRefresh: Bool
        var scopes: [String]?
        var claimsRequest: ClaimsRequest?
        var correlationId: UUID?
        var returnRefreshToken = false
    }

    private let values: LockedValues<Values>

    /// Creates parameters.
    public init(forceRefresh: Bool = false, scopes: [String]? = nil, claimsRequest: ClaimsRequest? = nil, correlationId: UUID? = nil) {
        values = LockedValues(Values(forceRefresh: forceRefresh, scopes: scopes, claimsRequest: claimsRequest, correlationId: correlationId))
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

    /// Claims the token must carry (``ClaimsRequest``): the cached tokens are not used, and the
    /// refresh grant sends them as `claims` (as MSAL's silent request does). The new token is cached
    /// as any other. When the claims need the user (a second factor the session has not done), the
    /// error's code is ``NativeAuthErrorCode/interactionRequired``: sign in again with the same claims.
    public var claimsRequest: ClaimsRequest? {
        get { values[\.claimsRequest] }
        set { values[\.claimsRequest] = newValue }
    }

    /// The correlation ID of the request; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }

    /// Whether the result carries the account's refresh token (``NativeAuthTokenResult/refreshToken``),
    /// as MSAL's `returnRefreshToken`; false by default.
    public var returnRefreshToken: Bool {
        get { values[\.returnRefreshToken] }
        set { values[\.returnRefreshToken] = newValue }
    }
}
