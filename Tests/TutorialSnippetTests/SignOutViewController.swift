import Foundation
import NativeAuth

/// The tutorial's error-handling and sign-out snippets.
@MainActor
final class SignOutViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()
    let emailTextField: TextFieldStandIn

    // Sign-out, step 2.
    var accountResult: NativeAuthUserAccountResult?

    init(nativeAuth: NativeAuthPublicClientApplication, email: String?) {
        self.nativeAuth = nativeAuth
        self.emailTextField = TextFieldStandIn(email)
    }

    // Sign-out, step 3: after nativeAuth is initialised.
    func viewDidLoad() {
        accountResult = nativeAuth.getNativeAuthUserAccount()
    }

    /// Stand-in for the tutorial's `retrieveNewCode()`: asks the user for another code.
    func retrieveNewCode() -> String {
        codeTheUserTypesNext
    }

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

    // Sign-out, step 5.
    @IBAction func signOutPressed(_: Any) {
        guard let accountResult = accountResult else {
            print("Not currently signed in")
            return
        }

        accountResult.signOut()

        self.accountResult = nil

        resultTextView.text = "Signed out"
    }
}

// Handling sign-in errors, step 1, and sign-out, step 4.
extension SignOutViewController: SignInStartDelegate {
    func onSignInStartError(error: NativeAuth.SignInStartError) {
        if error.isUserNotFound || error.isInvalidUsername {
            resultTextView.text = "Invalid username"
        } else {
            resultTextView.text = "Error signing in: \(error.errorDescription ?? "no description")"
        }
    }

    func onSignInCompleted(result: NativeAuthUserAccountResult) {
        resultTextView.text = "Signed in successfully"

        accountResult = result
    }
}

// Handling sign-in errors, step 2.
extension SignOutViewController: SignInVerifyCodeDelegate {
    func onSignInVerifyCodeError(error: NativeAuth.VerifyCodeError, newState: NativeAuth.SignInCodeRequiredState?) {
        if error.isInvalidCode {
            // Inform the user that the submitted code was incorrect and ask for a new code to be supplied
            let userSuppliedCode = retrieveNewCode()
            newState?.submitCode(code: userSuppliedCode, delegate: self)
        } else {
            resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
        }
    }
}
