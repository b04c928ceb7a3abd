/// How the sign-in page treats the user (OpenID Connect's `prompt`), as MSAL's `promptType`.
public enum NativeAuthPromptType: String, Sendable, Hashable {
    /// Ask only if needed (no `prompt` sent): the default.
    case promptIfNecessary
    /// Always ask the user to sign in (`prompt=login`).
    case login
    /// Let the user pick an account (`prompt=select_account`).
    case selectAccount
    /// Ask the user to consent to the scopes (`prompt=consent`).
    case consent
    /// Never show a page: fail with `login_required` when a page would be needed (`prompt=none`).
    case none

    /// The `prompt` value, or nil for ``promptIfNecessary``.
    var wireValue: String? {
        switch self {
        case .promptIfNecessary: nil
        case .login: "login"
        case .selectAccount: "select_account"
        case .consent: "consent"
        case .none: "none"
        }
    }
}
