/// What a native-auth error means, as an open set of codes: switch on it to decide what to tell the
/// user, without reading the server's strings.
///
/// Every public error carries one (``NativeAuthError/code``). The set is open, as the server's is:
/// a later version of the library may add codes, so a `switch` over it needs a `default`.
///
/// ```swift
/// switch error.code {
/// case .invalidCode: showMessage("That code is not right; try again.")
/// case .attemptLimitReached, .flowExpired: restartSignIn()
/// case .browserRequired: openBrowserSignIn()
/// case .serverUnavailable: showMessage("Try again later.")
/// default: showMessage(error.errorDescription ?? "")
/// }
/// ```
public struct NativeAuthErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's name, in `snake_case` (stable: safe to log and compare).
    public let rawValue: String

    /// A code from its name (an unknown name is a code no error of this version carries).
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    // MARK: The flow cannot go on natively, or could not talk to the server

    /// The server wants the app to fall back to a browser sign-in (``NativeAuthError/isBrowserRequired``).
    public static let browserRequired = Self(rawValue: "browser_required")
    /// The server (for ``CallAPIError``, the API) could not be reached, failed, or answered with
    /// something unreadable; trying again later may work (``NativeAuthError/isServerUnavailable``).
    public static let serverUnavailable = Self(rawValue: "server_unavailable")

    // MARK: What the user answered

    /// No account has this username.
    public static let userNotFound = Self(rawValue: "user_not_found")
    /// The username is empty, too long, or not one the server accepts.
    public static let invalidUsername = Self(rawValue: "invalid_username")
    /// The username and password do not match.
    public static let invalidCredentials = Self(rawValue: "invalid_credentials")
    /// The one-time code is wrong or expired (a new one can be asked for).
    public static let invalidCode = Self(rawValue: "invalid_code")
    /// The password is empty, or the server's password policy refused it.
    public static let invalidPassword = Self(rawValue: "invalid_password")
    /// A sign-up for a username that already has an account.
    public static let userAlreadyExists = Self(rawValue: "user_already_exists")
    /// A password reset for an account that has no password (it signs in with an email code).
    public static let userDoesNotHavePassword = Self(rawValue: "user_does_not_have_password")
    /// Sign-up attributes that are malformed, or that the server refused.
    public static let invalidAttributes = Self(rawValue: "invalid_attributes")
    /// A verification contact (an address or phone number to register) the server refused as invalid.
    public static let invalidInput = Self(rawValue: "invalid_input")
    /// The server blocked the strong-authentication method chosen for a second factor.
    public static let authMethodBlocked = Self(rawValue: "auth_method_blocked")
    /// The server blocked the verification contact given to register a strong-authentication method.
    public static let verificationContactBlocked = Self(rawValue: "verification_contact_blocked")

    // MARK: The flow is over

    /// Too many wrong codes or passwords: the server locked the flow (or, for a while, the account).
    /// No further answer can work; start again (later, when the server's description says so).
    public static let attemptLimitReached = Self(rawValue: "attempt_limit_reached")
    /// The flow took too long: the server's token for it (a continuation token) expired. Start the
    /// flow again. (A device code that expired is ``deviceCodeExpired``.)
    public static let flowExpired = Self(rawValue: "flow_expired")
    /// The server refused the requested scopes (for example scopes of two APIs in one request).
    public static let invalidScope = Self(rawValue: "invalid_scope")

    // MARK: The signed-in account

    /// The session is over (the refresh token expired, was revoked, or none was issued): sign in again.
    public static let refreshTokenExpired = Self(rawValue: "refresh_token_expired")
    /// The account is not signed in any more (it signed out, or its tokens were removed).
    public static let noAccount = Self(rawValue: "no_account")
    /// A refresh cannot give what was asked: the server wants the user (a second factor the session
    /// has not done, for example for a claims request's authentication context). Sign in again,
    /// with the same ``ClaimsRequest``.
    public static let interactionRequired = Self(rawValue: "interaction_required")
    /// The token store could not be read or written.
    public static let tokenStore = Self(rawValue: "token_store")

    // MARK: The browser and device-code sign-ins

    /// No answer came back to the loopback redirect in time.
    public static let timedOut = Self(rawValue: "timed_out")
    /// The task was cancelled.
    public static let cancelled = Self(rawValue: "cancelled")
    /// No browser could be opened and no one was given the URL to show.
    public static let browserUnavailable = Self(rawValue: "browser_unavailable")
    /// The loopback listener could not be set up, or stopped without an answer.
    public static let loopbackFailed = Self(rawValue: "loopback_failed")
    /// The user cancelled in the browser, or the server refused access.
    public static let accessDenied = Self(rawValue: "access_denied")
    /// The ID token of a browser or device-code sign-in did not pass the checks (nonce, audience,
    /// issuer, or it names no user); nothing was stored. The characters of a user's names are never
    /// a reason: they are kept as the server sent them.
    public static let invalidIDToken = Self(rawValue: "invalid_id_token")
    /// The device code expired before the user signed in with it: the server said so
    /// (`expired_token`), or its `expires_in` passed on this side. Start the device-code sign-in again.
    public static let deviceCodeExpired = Self(rawValue: "device_code_expired")
    /// The user declined the device sign-in.
    public static let declined = Self(rawValue: "declined")

    // MARK: The app's use of the library

    /// ``NativeAuthUserAccountResult/callAPI(_:parameters:transport:)`` sent nothing: the URL is
    /// neither `https` nor `http` to this machine, and the token is never sent in the clear.
    public static let insecureURL = Self(rawValue: "insecure_url")

    /// The state was already used (or was in use): continue with the state the last call returned.
    public static let stateAlreadyUsed = Self(rawValue: "state_already_used")
    /// The flow reached a delegate method the app's delegate does not implement.
    public static let delegateMethodNotImplemented = Self(rawValue: "delegate_method_not_implemented")

    // MARK: Anything else

    /// A refusal the step has no better name for, or an answer that does not fit the step (MSAL's
    /// "general error"); the description says more.
    public static let general = Self(rawValue: "general")
}
