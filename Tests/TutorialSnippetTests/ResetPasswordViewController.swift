import Foundation
import NativeAuth

/// The password-reset tutorial's "Reset password" snippets (start, verify the code, submit the new
/// password), with the "Handle errors" versions of the start and state error callbacks.
///
/// The tutorial's `onPasswordRequired(newState:)` only comments "use newState instance to submit the
/// new password" and shows `newState.submitPassword(password: newPassword, delegate: self)` on its
/// own: here the callback makes that call with ``newPassword``.
@MainActor
final class ResetPasswordViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()
    /// The new password the app's form holds.
    let newPassword: String
    /// What the user types when asked again: another code, another password.
    var passwordTheUserTypesNext = "Fake-Passw0rd!"

    init(nativeAuth: NativeAuthPublicClientApplication, newPassword: String = "Fake-Passw0rd!") {
        self.nativeAuth = nativeAuth
        self.newPassword = newPassword
    }

    // Reset password, step 1.
    func resetPassword(email: String) {
        let parameters = NativeAuthResetPasswordParameters(username: email)
        nativeAuth.resetPassword(parameters: parameters, delegate: self)
    }

    // Tutorial: "newState.submitCode(code: userSuppliedCode, delegate: self)", called from the app's code form.
    func codeFormSubmitted(newState: ResetPasswordCodeRequiredState, userSuppliedCode: String) {
        newState.submitCode(code: userSuppliedCode, delegate: self)
    }

    /// Stand-in for the tutorial's `retrieveNewCode(newState)`: asks the user for another code.
    func retrieveNewCode(_: ResetPasswordCodeRequiredState?) -> String {
        codeTheUserTypesNext
    }

    /// Stand-in for the tutorial's `retrieveNewPassword()`: asks the user for another password.
    func retrieveNewPassword() -> String {
        passwordTheUserTypesNext
    }
}

// Reset password, step 2, with the "Handle errors" start error callback.
extension ResetPasswordViewController: ResetPasswordStartDelegate {
    func onResetPasswordCodeRequired(
        newState: NativeAuth.ResetPasswordCodeRequiredState,
        sentTo: String,
        channelTargetType: NativeAuthChannelType,
        codeLength: Int
    ) {
        resultTextView.text = "Verification code sent to \(sentTo)"
    }

    func onResetPasswordStartError(error: NativeAuth.ResetPasswordStartError) {
        if error.isInvalidUsername {
            resultTextView.text = "Invalid username"
        } else if error.isUserNotFound {
            resultTextView.text = "User not found"
        } else if error.isUserDoesNotHavePassword {
            resultTextView.text = "User is not registered with a password"
        } else {
            resultTextView.text = "Error during reset password flow in: \(error.errorDescription ?? "no description")"
        }
    }
}

// Reset password, step 3, with "Handle errors with states".
extension ResetPasswordViewController: ResetPasswordVerifyCodeDelegate {
    func onResetPasswordVerifyCodeError(
        error: NativeAuth.VerifyCodeError,
        newState: NativeAuth.ResetPasswordCodeRequiredState?
    ) {
        if error.isInvalidCode {
            // Inform the user that the submitted code was incorrect and ask for a new code to be supplied.
            // Request a new code calling `newState.resendCode(delegate)`
            let userSuppliedCode = retrieveNewCode(newState)
            newState?.submitCode(code: userSuppliedCode, delegate: self)
        } else {
            resultTextView.text = "Error verifying code: \(error.errorDescription ?? "no description")"
        }
    }

    func onPasswordRequired(newState: NativeAuth.ResetPasswordRequiredState) {
        // use newState instance to submit the new password
        newState.submitPassword(password: newPassword, delegate: self)
    }
}

// Reset password, step 4, with "Handle errors with states".
extension ResetPasswordViewController: ResetPasswordRequiredDelegate {
    func onResetPasswordRequiredError(
        error: NativeAuth.PasswordRequiredError,
        newState: NativeAuth.ResetPasswordRequiredState?
    ) {
        if error.isInvalidPassword {
            // Inform the user that the submitted password was invalid and ask for a new password to be supplied.
            let newPassword = retrieveNewPassword()
            newState?.submitPassword(password: newPassword, delegate: self)
        } else {
            resultTextView.text = "Error submitting password: \(error.errorDescription ?? "no description")"
        }
    }

    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) {
        resultTextView.text = "Password reset completed"
    }
}
