import NativeAuth

/// A flow state opened from its sealed value: the same typed state that was sealed, to switch on
/// when the app does not know which step it was at.
///
/// ```swift
/// switch try await sealer.open(sealed, in: app) {
/// case .signInCodeRequired(let state): _ = await state.submitCode(code: code)
/// case .signInPasswordRequired(let state): _ = await state.submitPassword(password: password)
/// default: break
/// }
/// ```
public enum ResumableFlowState: Sendable {
    /// A sign-in waiting for its one-time code.
    case signInCodeRequired(SignInCodeRequiredState)
    /// A sign-in waiting for the password.
    case signInPasswordRequired(SignInPasswordRequiredState)
    /// A sign-up waiting for its one-time code.
    case signUpCodeRequired(SignUpCodeRequiredState)
    /// A sign-up waiting for the new account's password.
    case signUpPasswordRequired(SignUpPasswordRequiredState)
    /// A sign-up waiting for the attributes it still needs.
    case signUpAttributesRequired(SignUpAttributesRequiredState)
    /// A finished sign-up, ready to sign in.
    case signInAfterSignUp(SignInAfterSignUpState)
    /// A password reset waiting for its one-time code.
    case resetPasswordCodeRequired(ResetPasswordCodeRequiredState)
    /// A password reset waiting for the new password.
    case resetPasswordRequired(ResetPasswordRequiredState)
    /// A finished password reset, ready to sign in.
    case signInAfterResetPassword(SignInAfterResetPasswordState)
    /// A sign-in waiting for the user to choose a second factor.
    case awaitingMFA(AwaitingMFAState)
    /// A sign-in waiting for the second factor's code.
    case mfaRequired(MFARequiredState)
    /// A sign-in waiting for the user to choose a strong-authentication method to register.
    case registerStrongAuth(RegisterStrongAuthState)
    /// A sign-in waiting for the code that verifies the method being registered.
    case registerStrongAuthVerificationRequired(RegisterStrongAuthVerificationRequiredState)

    /// The state, as it was sealed.
    public var state: any SealableFlowState {
        switch self {
        case .signInCodeRequired(let state): state
        case .signInPasswordRequired(let state): state
        case .signUpCodeRequired(let state): state
        case .signUpPasswordRequired(let state): state
        case .signUpAttributesRequired(let state): state
        case .signInAfterSignUp(let state): state
        case .resetPasswordCodeRequired(let state): state
        case .resetPasswordRequired(let state): state
        case .signInAfterResetPassword(let state): state
        case .awaitingMFA(let state): state
        case .mfaRequired(let state): state
        case .registerStrongAuth(let state): state
        case .registerStrongAuthVerificationRequired(let state): state
        }
    }

    /// The case holding `state`.
    public init(_ state: any SealableFlowState) {
        switch state {
        case let state as SignInCodeRequiredState: self = .signInCodeRequired(state)
        case let state as SignInPasswordRequiredState: self = .signInPasswordRequired(state)
        case let state as SignUpCodeRequiredState: self = .signUpCodeRequired(state)
        case let state as SignUpPasswordRequiredState: self = .signUpPasswordRequired(state)
        case let state as SignUpAttributesRequiredState: self = .signUpAttributesRequired(state)
        case let state as SignInAfterSignUpState: self = .signInAfterSignUp(state)
        case let state as ResetPasswordCodeRequiredState: self = .resetPasswordCodeRequired(state)
        case let state as ResetPasswordRequiredState: self = .resetPasswordRequired(state)
        case let state as SignInAfterResetPasswordState: self = .signInAfterResetPassword(state)
        case let state as AwaitingMFAState: self = .awaitingMFA(state)
        case let state as MFARequiredState: self = .mfaRequired(state)
        case let state as RegisterStrongAuthState: self = .registerStrongAuth(state)
        case let state as RegisterStrongAuthVerificationRequiredState: self = .registerStrongAuthVerificationRequired(state)
        default: preconditionFailure("\(type(of: state)) is not one of the library's flow states")
        }
    }
}
