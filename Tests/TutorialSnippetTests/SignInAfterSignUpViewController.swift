import Foundation
import NativeAuth

/// The tutorial "Sign in user automatically after sign-up": sign in on the completed sign-up's
/// state, then get an access token.
@MainActor
final class SignInAfterSignUpViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()

    init(nativeAuth: NativeAuthPublicClientApplication) {
        self.nativeAuth = nativeAuth
    }

    func codeFormSubmitted(newState: SignUpCodeRequiredState, userSuppliedCode: String) {
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }
}

extension SignInAfterSignUpViewController: SignUpVerifyCodeDelegate {
    func onSignUpVerifyCodeError(error: NativeAuth.VerifyCodeError, newState: NativeAuth.SignUpCodeRequiredState?) {
        resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
    }

    func onSignUpCompleted(newState: SignInAfterSignUpState) {
        resultTextView.text = "Signed up successfully!"
        let parameters = NativeAuthSignInAfterSignUpParameters()
        newState.signIn(parameters: parameters, delegate: self)
    }
}

extension SignInAfterSignUpViewController: SignInAfterSignUpDelegate {
    func onSignInAfterSignUpError(error: SignInAfterSignUpError) {
        resultTextView.text = "Error signing in after sign up"
    }

    func onSignInCompleted(result: NativeAuth.NativeAuthUserAccountResult) {
        // User successfully signed in
        let parameters = NativeAuthGetAccessTokenParameters()
        result.getAccessToken(parameters: parameters, delegate: self)
    }
}

extension SignInAfterSignUpViewController: CredentialsDelegate {
    func onAccessTokenRetrieveError(error: NativeAuth.RetrieveAccessTokenError) {
        resultTextView.text = "Error retrieving access token"
    }

    func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult) {
        resultTextView.text = "Signed in. Access Token: \(result.accessToken)"
    }
}
