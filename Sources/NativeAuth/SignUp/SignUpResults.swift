/// What starting a sign-up came to. Each case carries the state to go on with.
///
/// ```swift
/// switch await app.signUp(parameters: NativeAuthSignUpParameters(username: email)) {
/// case .codeRequired(let state, let sentTo, _, let codeLength): ...
/// case .attributesInvalid(let names): print("Check \(names.joined(separator: ", "))")
/// case .error(let error): print(error.errorDescription ?? "")
/// }
/// ```
public enum SignUpStartResult: Sendable {
    /// A code was sent to verify the address; submit it on `newState`.
    case codeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The server refused the values of these attributes (`attribute_validation_failed`): start again
    /// with other values.
    case attributesInvalid(attributeNames: [String])
    /// The sign-up could not start.
    case error(SignUpStartError)
}

/// What submitting the code of a sign-up came to.
public enum SignUpVerifyCodeResult: Sendable {
    /// The account was created; sign in on `newState` without asking the user again.
    case completed(SignInAfterSignUpState)
    /// The address is verified and the account needs a password (`credential_required`): submit it on `newState`.
    case passwordRequired(newState: SignUpPasswordRequiredState)
    /// The address is verified and the server asks for these attributes: submit them on `newState`.
    case attributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network failure);
    /// nil when the sign-up cannot go on and must start over.
    case error(VerifyCodeError, newState: SignUpCodeRequiredState?)
}

/// What asking for a new sign-up code came to.
public enum SignUpResendCodeResult: Sendable {
    /// A new code was sent; the previous state and code are used up.
    case codeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No new code. `newState` is where to go on when the old state is still good.
    case error(ResendCodeError, newState: SignUpCodeRequiredState?)
}

/// What submitting a sign-up's password came to.
public enum SignUpPasswordRequiredResult: Sendable {
    /// The account was created; sign in on `newState`.
    case completed(SignInAfterSignUpState)
    /// The server asks for these attributes next: submit them on `newState`.
    case attributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The password was not accepted. `newState` is where to try again (the password policy refused
    /// it, a network failure); nil when the sign-up must start over.
    case error(PasswordRequiredError, newState: SignUpPasswordRequiredState?)
}

/// What submitting a sign-up's attributes came to.
public enum SignUpAttributesRequiredResult: Sendable {
    /// The account was created; sign in on `newState`.
    case completed(SignInAfterSignUpState)
    /// The server asks for (more) attributes: submit them on `newState`.
    case attributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The server refused the values of these attributes; `newState` is the same state, to submit
    /// other values on.
    case attributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState)
    /// The attributes were not accepted. `newState` is where to try again (a value that cannot be
    /// sent, a network failure); nil when the sign-up must start over.
    case error(AttributesRequiredError, newState: SignUpAttributesRequiredState?)
}

/// What signing in after a sign-up came to.
public enum SignInAfterSignUpResult: Sendable, StrongAuthOutcomes {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// Not signed in. `newState` is where to try again after a network failure; nil otherwise (the
    /// account exists: sign in with ``NativeAuthPublicClientApplication/signIn(parameters:)``).
    case error(SignInAfterSignUpError, newState: SignInAfterSignUpState?)
}
