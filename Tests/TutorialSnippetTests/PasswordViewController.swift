import Foundation
import NativeAuth

/// The tutorial's email + password snippets (sign-in, access token).
@MainActor
final class PasswordViewController {
    let nativeAuth: NativeAuthPublicClientApplication
    let resultTextView = TextViewStandIn()

    init(nativeAuth: NativeAuthPublicClientApplication) {
        self.nativeAuth = nativeAuth
    }

    // Tutorial, step 2 (email + password), inside the app's sign-in button handler.
    func signInWithPassword(email: String, password: String) {
        let parameters = NativeAuthSignInParameters(username: email)
        parameters.password = password
        nativeAuth.signIn(parameters: parameters, delegate: self)
    }
}

// Tutorial, step 4.
extension PasswordViewController: SignInStartDelegate {
    func onSignInStartError(error: NativeAuth.SignInStartError) {
        resultTextView.text = "Error signing in: \(error.errorDescription ?? "no description")"
    }

    func onSignInCompleted(result: NativeAuth.NativeAuthUserAccountResult) {
        // User successfully signed in
    }
}

extension PasswordViewController: CredentialsDelegate {
    func onAccessTokenRetrieveError(error: NativeAuth.RetrieveAccessTokenError) {
        resultTextView.text = "Error retrieving access token"
    }

    func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult) {
        resultTextView.text = "Signed in. Access Token: \(result.accessToken)"
    }
}
