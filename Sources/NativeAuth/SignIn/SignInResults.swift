/// What starting a sign-in came to. Each case carries the state to go on with.
///
/// ```swift
/// switch await app.signIn(parameters: NativeAuthSignInParameters(username: email)) {
/// case .codeRequired(let state, let sentTo, _, let codeLength): ...
/// case .passwordRequired(let state): ...
/// case .completed(let result): print(result.account.username)
/// case .awaitingMFA(let methods, let state): ...                   // with capabilities: [.mfaRequired]
/// case .strongAuthMethodRegistration(let methods, let state): ...  // with capabilities: [.registrationRequired]
/// case .error(let error): print(error.errorDescription ?? "")
/// }
/// ```
///
/// The sign-in result enums grow by new cases for new outcomes (README, "How the API grows"): an
/// outcome that needs new screens is produced only for an app that opts in (`capabilities`).
public enum SignInStartResult: Sendable, StrongAuthOutcomes {
    /// A code was sent; submit it on `newState`.
    case codeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The account signs in with a password; submit it on `newState`.
    case passwordRequired(newState: SignInPasswordRequiredState)
    /// Signed in (a password given at the start was accepted).
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// The sign-in could not start.
    case error(SignInStartError)
}

/// What submitting a code came to.
public enum SignInVerifyCodeResult: Sendable, StrongAuthOutcomes {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network failure);
    /// nil when the flow cannot go on and must start over.
    case error(VerifyCodeError, newState: SignInCodeRequiredState?)
}

/// What asking for a new code came to.
public enum SignInResendCodeResult: Sendable {
    /// A new code was sent; the previous state and code are used up.
    case codeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No new code. `newState` is where to go on when the old state is still good.
    case error(ResendCodeError, newState: SignInCodeRequiredState?)
}

/// What submitting a password came to.
public enum SignInPasswordRequiredResult: Sendable, StrongAuthOutcomes {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// The password was not accepted. `newState` is where to try again; nil when the flow must start over.
    case error(PasswordRequiredError, newState: SignInPasswordRequiredState?)
}
