import Foundation
import NativeAuth

/// The sign-up tutorial's email one-time-passcode snippets (sign up, verify the code).
@MainActor
final class SignUpViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()
    let emailTextField: TextFieldStandIn

    init(nativeAuth: NativeAuthPublicClientApplication, email: String?) {
        self.nativeAuth = nativeAuth
        self.emailTextField = TextFieldStandIn(email)
    }

    // Sign up a user, step 2.
    @IBAction func signUpPressed(_: Any) {
        guard let email = emailTextField.text else {
            resultTextView.text = "Email or password not set"
            return
        }

        let parameters = NativeAuthSignUpParameters(username: email)
        nativeAuth.signUp(parameters: parameters, delegate: self)
    }

    // Tutorial: "newState.submitCode(code: userSuppliedCode, delegate: self)", called from the app's code form.
    func codeFormSubmitted(newState: SignUpCodeRequiredState, userSuppliedCode: String) {
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }
}

extension SignUpViewController: SignUpStartDelegate {
    func onSignUpStartError(error: NativeAuth.SignUpStartError) {
        resultTextView.text = "Error signing up: \(error.errorDescription ?? "no description")"
    }

    func onSignUpCodeRequired(
        newState: NativeAuth.SignUpCodeRequiredState,
        sentTo: String,
        channelTargetType: NativeAuth.NativeAuthChannelType,
        codeLength: Int
    ) {
        resultTextView.text = "Verification code sent to \(sentTo)"
    }
}

extension SignUpViewController: SignUpVerifyCodeDelegate {
    func onSignUpVerifyCodeError(error: NativeAuth.VerifyCodeError, newState: NativeAuth.SignUpCodeRequiredState?) {
        resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
    }

    func onSignUpCompleted(newState: SignInAfterSignUpState) {
        resultTextView.text = "Signed up successfully!"
    }
}
