import Foundation
import NativeAuth

/// The password-reset tutorial's "Sign in after password reset": sign in on the completed reset's
/// state, then get an access token.
///
/// Two slips of the tutorial are corrected so the code compiles: its `onResetPasswordCompleted()`
/// has no `newState` parameter although it uses one, and it implements `SignInAfterSignUpDelegate`
/// (with `onSignInAfterSignUpError`) where `signIn(parameters:delegate:)` of a
/// `SignInAfterResetPasswordState` takes a `SignInAfterResetPasswordDelegate`.
@MainActor
final class SignInAfterResetPasswordViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()

    init(nativeAuth: NativeAuthPublicClientApplication) {
        self.nativeAuth = nativeAuth
    }

    func passwordFormSubmitted(newState: ResetPasswordRequiredState, newPassword: String) {
        newState.submitPassword(password: newPassword, delegate: self)
    }
}

extension SignInAfterResetPasswordViewController: ResetPasswordRequiredDelegate {
    func onResetPasswordRequiredError(
        error: NativeAuth.PasswordRequiredError,
        newState: NativeAuth.ResetPasswordRequiredState?
    ) {
        resultTextView.text = "Error submitting new password: \(error.errorDescription ?? "no description")"
    }

    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) {
        resultTextView.text = "Password reset completed"
        let parameters = NativeAuthSignInAfterResetPasswordParameters()
        newState.signIn(parameters: parameters, delegate: self)
    }
}

extension SignInAfterResetPasswordViewController: SignInAfterResetPasswordDelegate {
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError) {
        resultTextView.text = "Error signing in after password reset"
    }

    func onSignInCompleted(result: NativeAuth.NativeAuthUserAccountResult) {
        // User successfully signed in
        let parameters = NativeAuthGetAccessTokenParameters()
        result.getAccessToken(parameters: parameters, delegate: self)
    }
}

extension SignInAfterResetPasswordViewController: CredentialsDelegate {
    func onAccessTokenRetrieveError(error: NativeAuth.RetrieveAccessTokenError) {
        resultTextView.text = "Error retrieving access token"
    }

    func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult) {
        resultTextView.text = "Signed in. Access Token: \(result.accessToken)"
    }
}
