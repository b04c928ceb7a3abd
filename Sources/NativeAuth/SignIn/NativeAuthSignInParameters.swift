#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``NativeAuthPublicClientApplication/signIn(parameters:)`` needs to start a sign-in.
///
/// A class, so it can be built up step by step as in MSAL's tutorials:
/// ```swift
/// let parameters = NativeAuthSignInParameters(username: email)
/// parameters.password = password          // only for email + password sign-in
/// parameters.scopes = ["api://contoso/Data.Read"]
/// parameters.claimsRequest = try ClaimsRequest(jsonString: #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#)
/// ```
public final class NativeAuthSignInParameters: Sendable {
    struct Values: Sendable {
        var username: String
        var password: String?
        var scopes: [String]?
        var claimsRequest: ClaimsRequest?
        var correlationId: UUID?
    }

    private let values: LockedValues<Values>

    /// Creates parameters for `username` (the user's email address).
    public init(username: String) {
        values = LockedValues(Values(username: username))
    }

    /// The user's email address (or username, where the tenant allows one).
    public var username: String {
        get { values[\.username] }
        set { values[\.username] = newValue }
    }

    /// The password, for email + password sign-in; sent without asking for it again.
    public var password: String? {
        get { values[\.password] }
        set { values[\.password] = newValue }
    }

    /// Scopes of one API to request beyond `openid profile offline_access` (always requested).
    public var scopes: [String]? {
        get { values[\.scopes] }
        set { values[\.scopes] = newValue }
    }

    /// Claims the tokens must carry, such as an authentication context (`acrs`), sent as `claims`
    /// on every grant of the sign-in (the second factor's included). A context that Conditional
    /// Access ties to a second factor makes the sign-in ask for one.
    ///
    /// ```swift
    /// parameters.claimsRequest = try ClaimsRequest(jsonString: #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#)
    /// ```
    public var claimsRequest: ClaimsRequest? {
        get { values[\.claimsRequest] }
        set { values[\.claimsRequest] = newValue }
    }

    /// The correlation ID of the flow; a new one when nil.
    public var correlationId: UUID? {
        get { values[\.correlationId] }
        set { values[\.correlationId] = newValue }
    }

    /// All values at once, consistent with each other.
    var snapshot: Values { values.snapshot }
}
