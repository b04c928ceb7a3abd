/// What ``SignInAfterResetPasswordState/signIn(parameters:)`` needs: the scopes to ask for.
///
/// ```swift
/// let parameters = NativeAuthSignInAfterResetPasswordParameters()
/// parameters.scopes = ["api://contoso/Data.Read"]
/// ```
public final class NativeAuthSignInAfterResetPasswordParameters: Sendable {
    struct Values: Sendable {
        var scopes: [String]?
    }

    private let values = LockedValues(Values())

    /// Creates parameters that ask for `openid profile offline_access` only.
    public init() {}

    /// Scopes of one API to request beyond `openid profile offline_access` (always requested).
    public var scopes: [String]? {
        get { values[\.scopes] }
        set { values[\.scopes] = newValue }
    }
}
