/// What starting a password reset came to. Each case carries the state to go on with.
///
/// ```swift
/// switch await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: email)) {
/// case .codeRequired(let state, let sentTo, _, let codeLength): ...
/// case .error(let error) where error.isUserDoesNotHavePassword: print("This account signs in with a code")
/// case .error(let error): print(error.errorDescription ?? "")
/// }
/// ```
public enum ResetPasswordStartResult: Sendable {
    /// A code was sent to verify that the user owns the address; submit it on `newState`.
    case codeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The password reset could not start.
    case error(ResetPasswordStartError)
}

/// What submitting the code of a password reset came to.
public enum ResetPasswordVerifyCodeResult: Sendable {
    /// The code was right: submit the new password on `newState`.
    case passwordRequired(newState: ResetPasswordRequiredState)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network failure);
    /// nil when the password reset cannot go on and must start over.
    case error(VerifyCodeError, newState: ResetPasswordCodeRequiredState?)
}

/// What asking for a new password-reset code came to.
public enum ResetPasswordResendCodeResult: Sendable {
    /// A new code was sent; the previous state and code are used up.
    case codeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No new code. `newState` is where to go on after a network failure; nil otherwise.
    case error(ResendCodeError, newState: ResetPasswordCodeRequiredState?)
}

/// What submitting the new password came to, once the server finished (or gave up on) the reset.
public enum ResetPasswordRequiredResult: Sendable {
    /// The password was reset: the old one no longer works. Sign in on `newState` without asking
    /// the user again.
    case completed(SignInAfterResetPasswordState)
    /// The password was not reset. `newState` is where to submit a password again: the policy
    /// refused this one (``PasswordRequiredError/isInvalidPassword``, `serverSubError` names the
    /// rule), the server could not be reached, or it could not complete the reset and said to try
    /// again; nil when the reset must start over.
    case error(PasswordRequiredError, newState: ResetPasswordRequiredState?)
}

/// What signing in after a password reset came to.
public enum SignInAfterResetPasswordResult: Sendable, StrongAuthOutcomes {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// Not signed in. `newState` is where to try again after a network failure; nil otherwise (the
    /// password was reset: sign in with ``NativeAuthPublicClientApplication/signIn(parameters:)``).
    case error(SignInAfterResetPasswordError, newState: SignInAfterResetPasswordState?)
}
