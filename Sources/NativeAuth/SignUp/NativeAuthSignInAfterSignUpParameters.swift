/// What ``SignInAfterSignUpState/signIn(parameters:)`` needs: the scopes to ask for, and the claims the tokens must carry.
///
/// ```swift
/// let parameters = NativeAuthSignInAfterSignUpParameters()
/// parameters.scopes = ["api://contoso/Data.Read"]
/// ```
public final class NativeAuthSignInAfterSignUpParameters: Sendable {
    struct Values: Sendable {
        var scopes: [String]?
        var claimsRequest: ClaimsRequest?
    }

    private let values = LockedValues(Values())

    /// Creates parameters that ask for `openid profile offline_access` only.
    public init() {}

    /// Scopes of one API to request beyond `openid profile offline_access` (always requested).
    public var scopes: [String]? {
        get { values[\.scopes] }
        set { values[\.scopes] = newValue }
    }

    /// Claims the tokens must carry (``ClaimsRequest``), sent as `claims` on the grant that ends the
    /// sign-up and on a second factor it leads to.
    public var claimsRequest: ClaimsRequest? {
        get { values[\.claimsRequest] }
        set { values[\.claimsRequest] = newValue }
    }
}
