import Foundation
import NativeAuth

/// The sign-up tutorial's "Handle sign-up errors" snippet.
@MainActor
final class SignUpErrorsViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()

    init(nativeAuth: NativeAuthPublicClientApplication) {
        self.nativeAuth = nativeAuth
    }

    func signUp(email: String, password: String?) {
        let parameters = NativeAuthSignUpParameters(username: email)
        parameters.password = password
        nativeAuth.signUp(parameters: parameters, delegate: self)
    }
}

extension SignUpErrorsViewController: SignUpStartDelegate {
    func onSignUpStartError(error: NativeAuth.SignUpStartError) {
        if error.isUserAlreadyExists {
            resultTextView.text = "Unable to sign up: User already exists"
        } else if error.isInvalidPassword {
            resultTextView.text = "Unable to sign up: The password is invalid"
        } else if error.isInvalidUsername {
            resultTextView.text = "Unable to sign up: The username is invalid"
        } else {
            resultTextView.text = "Unexpected error signing up: \(error.errorDescription ?? "no description")"
        }
    }
}
