import NativeAuth
import Testing

/// Compile-time check that the public types stay `Sendable`: this file stops compiling if one does not.
@Suite("Public types are Sendable")
struct SendableTests {
    private func requireSendable<T: Sendable>(_: T.Type) {}

    @Test("Configuration, states, results, errors, stores and seams")
    func publicTypes() {
        requireSendable(NativeAuthPublicClientApplication.self)
        requireSendable(NativeAuthPublicClientApplicationConfig.self)
        requireSendable(NativeAuthSignInParameters.self)
        requireSendable(NativeAuthGetAccessTokenParameters.self)
        requireSendable(SignInCodeRequiredState.self)
        requireSendable(SignInPasswordRequiredState.self)
        requireSendable(SignInStartResult.self)
        requireSendable(SignInVerifyCodeResult.self)
        requireSendable(SignInResendCodeResult.self)
        requireSendable(SignInPasswordRequiredResult.self)
        requireSendable(NativeAuthSignUpParameters.self)
        requireSendable(NativeAuthSignInAfterSignUpParameters.self)
        requireSendable(NativeAuthRequiredAttribute.self)
        requireSendable(SignUpCodeRequiredState.self)
        requireSendable(SignUpPasswordRequiredState.self)
        requireSendable(SignUpAttributesRequiredState.self)
        requireSendable(SignInAfterSignUpState.self)
        requireSendable(SignUpStartResult.self)
        requireSendable(SignUpVerifyCodeResult.self)
        requireSendable(SignUpResendCodeResult.self)
        requireSendable(SignUpPasswordRequiredResult.self)
        requireSendable(SignUpAttributesRequiredResult.self)
        requireSendable(SignInAfterSignUpResult.self)
        requireSendable(SignUpStartError.self)
        requireSendable(AttributesRequiredError.self)
        requireSendable(SignInAfterSignUpError.self)
        requireSendable(NativeAuthUserAccountResult.self)
        requireSendable(NativeAuthAccount.self)
        requireSendable(NativeAuthTokenResult.self)
        requireSendable(SignInStartError.self)
        requireSendable(VerifyCodeError.self)
        requireSendable(ResendCodeError.self)
        requireSendable(PasswordRequiredError.self)
        requireSendable(RetrieveAccessTokenError.self)
        requireSendable(ServerErrorResponse.self)
        requireSendable(FileTokenStore.self)
        requireSendable(InMemoryTokenStore.self)
        requireSendable(SystemClock.self)
        requireSendable(RetryPolicy.self)
        requireSendable(HTTPRequest.self)
        requireSendable(HTTPResponse.self)
    }
}
