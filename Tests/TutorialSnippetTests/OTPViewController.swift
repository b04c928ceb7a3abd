import Foundation
import NativeAuth

/// The tutorial's email one-time-passcode snippets (sign-in, verify code, access token).
@MainActor
final class OTPViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()
    let emailTextField: TextFieldStandIn

    init(nativeAuth: NativeAuthPublicClientApplication, email: String?) {
        self.nativeAuth = nativeAuth
        self.emailTextField = TextFieldStandIn(email)
    }

    // Tutorial, step 2.
    @IBAction func signInPressed(_: Any) {
        guard let email = emailTextField.text else {
            resultTextView.text = "email not set"
            return
        }

        let parameters = NativeAuthSignInParameters(username: email)
        nativeAuth.signIn(parameters: parameters, delegate: self)
    }

    // Tutorial: "newState.submitCode(code: userSuppliedCode, delegate: self)", called from the app's code form.
    func codeFormSubmitted(newState: SignInCodeRequiredState, userSuppliedCode: String) {
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }
}

// Tutorial, step 3.
extension OTPViewController: SignInStartDelegate {
    func onSignInStartError(error: NativeAuth.SignInStartError) {
        resultTextView.text = "Error signing in: \(error.errorDescription ?? "no description")"
    }

    func onSignInCodeRequired(
        newState: NativeAuth.SignInCodeRequiredState,
        sentTo: String,
        channelTargetType: NativeAuth.NativeAuthChannelType,
        codeLength: Int
    ) {
        resultTextView.text = "Verification code sent to \(sentTo)"
    }
}

extension OTPViewController: SignInVerifyCodeDelegate {
    func onSignInVerifyCodeError(error: NativeAuth.VerifyCodeError, newState: NativeAuth.SignInCodeRequiredState?) {
        resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
    }

    func onSignInCompleted(result: NativeAuthUserAccountResult) {
        resultTextView.text = "Signed in successfully."
        let parameters = NativeAuthGetAccessTokenParameters()
        result.getAccessToken(parameters: parameters, delegate: self)
    }
}

extension OTPViewController: CredentialsDelegate {
    func onAccessTokenRetrieveError(error: NativeAuth.RetrieveAccessTokenError) {
        resultTextView.text = "Error retrieving access token"
    }

    func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult) {
        resultTextView.text = "Signed in. Access Token: \(result.accessToken)"
    }
}
