import Foundation
import NativeAuth

/// The sign-up tutorial's email + password and user-attribute snippets: attributes with the start,
/// and attributes asked for on a later page.
@MainActor
final class SignUpAttributesViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()
    let emailTextField: TextFieldStandIn
    let passwordTextField: TextFieldStandIn

    init(nativeAuth: NativeAuthPublicClientApplication, email: String?, password: String?) {
        self.nativeAuth = nativeAuth
        self.emailTextField = TextFieldStandIn(email)
        self.passwordTextField = TextFieldStandIn(password)
    }

    // Sign up a user, step 2 (email with password).
    @IBAction func signUpPressed(_: Any) {
        guard let email = emailTextField.text, let password = passwordTextField.text else {
           resultTextView.text = "Email or password not set"
           return
        }

        let parameters = NativeAuthSignUpParameters(username: email)
        parameters.password = password
        nativeAuth.signUp(parameters: parameters, delegate: self)
    }

    // Collect user attributes during sign-up, step 1 (email and password from the text fields).
    func signUpWithAttributes(email: String, password: String) {
        let attributes = [
            "country": "United States",
            "city": "Redmond"
        ]

        let parameters = NativeAuthSignUpParameters(username: email)
        parameters.password = password
        parameters.attributes = attributes
        nativeAuth.signUp(parameters: parameters, delegate: self)
    }

    // User attributes across one or more pages: sign up without attributes, then verify the code.
    func signUpWithoutAttributes(email: String) {
        nativeAuth.signUp(parameters: NativeAuthSignUpParameters(username: email), delegate: self)
    }

    func codeFormSubmitted(newState: SignUpCodeRequiredState, userSuppliedCode: String) {
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }

    // User attributes across one or more pages: "To submit the attributes that the user supplied us with".
    func attributesFormSubmitted(newState: SignUpAttributesRequiredState) {
        let attributes = [
            "country": "United States",
            "city": "Redmond"
        ]

        newState.submitAttributes(attributes: attributes, delegate: self)
    }
}

// Collect user attributes during sign-up, step 2.
extension SignUpAttributesViewController: SignUpStartDelegate {
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

    func onSignUpAttributesInvalid(attributeNames: [String]) {
       resultTextView.text = "Invalid attributes  \(attributeNames)"
    }
}

// User attributes across one or more pages.
extension SignUpAttributesViewController: SignUpVerifyCodeDelegate {
    // As the tutorial writes it: this name matches no callback (the protocol's is
    // onSignUpAttributesRequired(attributes:newState:), implemented below for SignUpAttributesRequiredDelegate,
    // which serves this delegate too).
    func onSignUpAttributesRequired(newState: SignUpAttributesRequiredState) {
        resultTextView.text = "Attributes required"
    }

    func onSignUpVerifyCodeError(error: NativeAuth.VerifyCodeError, newState: NativeAuth.SignUpCodeRequiredState?) {
        resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
    }

    // The tutorial implements it in both extensions; one class can declare it once, for both protocols.
    func onSignUpCompleted(newState: SignInAfterSignUpState) {
        resultTextView.text = "Signed up successfully!"
    }
}

extension SignUpAttributesViewController: SignUpAttributesRequiredDelegate {
    func onSignUpAttributesRequiredError(error: AttributesRequiredError) {
        resultTextView.text = "Error submitting attributes: \(error.errorDescription ?? "no description")"
    }

    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        resultTextView.text = "Attributes required"
    }

    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {
        resultTextView.text = "Attributes invalid"
    }
}
