import Foundation
import NativeAuth

// Every public native-auth symbol of MSAL 2.13 (MSAL/src/native_auth/public), used as MSAL's own
// signatures spell it with the `MSAL` prefix removed: each delegate method written out, each
// state method called, each property and error predicate read. This file compiling is the test
// that code ported from MSAL by renaming compiles.

/// Implements every MSAL native-auth delegate with MSAL's signatures, renamed.
@MainActor
final class MSALPortDelegates {
    var heard: [String] = []
}

extension MSALPortDelegates: SignInStartDelegate {
    func onSignInStartError(error: SignInStartError) {
        heard.append("\(error.isBrowserRequired) \(error.isUserNotFound) \(error.isInvalidCredentials) \(error.isInvalidUsername)")
        heard.append("\(error.errorDescription ?? "") \(error.correlationId) \(error.errorCodes) \(error.errorUri ?? "")")
    }

    func onSignInCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        heard.append("\(channelTargetType.value) \(channelTargetType.isEmailType) \(channelTargetType.isSMSType)")
        newState.submitCode(code: "12345678", delegate: self)
        newState.resendCode(delegate: self)
    }

    func onSignInPasswordRequired(newState: SignInPasswordRequiredState) {
        newState.submitPassword(password: "password", delegate: self)
    }

    func onSignInStrongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState) {
        guard let method = authMethods.first else { return }
        heard.append("\(method.id) \(method.challengeType) \(method.channelTargetType.value) \(method.loginHint ?? "")")
        let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: method, verificationContact: "+1 555 0100")
        heard.append("\(parameters.authMethod.id) \(parameters.verificationContact)")
        newState.challengeAuthMethod(parameters: parameters, delegate: self)
    }

    func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) {
        guard let method = authMethods.first else { return }
        newState.requestChallenge(authMethod: method, delegate: self)
    }

    func onSignInCompleted(result: NativeAuthUserAccountResult) {
        let claims = result.account.accountClaims
        heard.append("\(result.account.username) \(result.account.identifier) \(claims?.count ?? 0) \(result.idToken ?? "")")
        let parameters = NativeAuthGetAccessTokenParameters()
        parameters.forceRefresh = true
        parameters.returnRefreshToken = true
        parameters.scopes = ["api://contoso/read"]
        parameters.claimsRequest = nil
        parameters.correlationId = UUID()
        result.getAccessToken(parameters: parameters, delegate: self)
        result.signOut()
    }
}

extension MSALPortDelegates: SignInPasswordRequiredDelegate {
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?) {
        heard.append("\(error.isBrowserRequired) \(error.isInvalidPassword)")
    }
}

extension MSALPortDelegates: SignInResendCodeDelegate {
    func onSignInResendCodeError(error: ResendCodeError, newState: SignInCodeRequiredState?) {
        heard.append("\(error.isBrowserRequired)")
    }

    func onSignInResendCodeCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {}
}

extension MSALPortDelegates: SignInVerifyCodeDelegate {
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) {
        heard.append("\(error.isBrowserRequired) \(error.isInvalidCode)")
    }
}

extension MSALPortDelegates: SignUpStartDelegate {
    func onSignUpStartError(error: SignUpStartError) {
        heard.append("\(error.isBrowserRequired) \(error.isUserAlreadyExists) \(error.isInvalidPassword) \(error.isInvalidUsername)")
    }

    func onSignUpCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        newState.submitCode(code: "12345678", delegate: self)
        newState.resendCode(delegate: self)
    }

    func onSignUpAttributesInvalid(attributeNames: [String]) {}
}

extension MSALPortDelegates: SignUpVerifyCodeDelegate {
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) {}

    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) {
        heard.append(attributes.map { "\($0.name) \($0.type) \($0.required) \($0.regex ?? "")" }.joined())
        newState.submitAttributes(attributes: ["city": "Dublin"], delegate: self)
    }

    func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState) {
        newState.submitPassword(password: "password", delegate: self)
    }

    func onSignUpCompleted(newState: SignInAfterSignUpState) {
        let parameters = NativeAuthSignInAfterSignUpParameters()
        parameters.scopes = ["api://contoso/read"]
        parameters.claimsRequest = nil
        newState.signIn(parameters: parameters, delegate: self)
    }
}

extension MSALPortDelegates: SignUpResendCodeDelegate {
    func onSignUpResendCodeError(error: ResendCodeError, newState: SignUpCodeRequiredState?) {}

    func onSignUpResendCodeCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {}
}

extension MSALPortDelegates: SignUpPasswordRequiredDelegate {
    func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?) {}
}

extension MSALPortDelegates: SignUpAttributesRequiredDelegate {
    func onSignUpAttributesRequiredError(error: AttributesRequiredError) {
        heard.append("\(error.isBrowserRequired)")
    }

    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {}
}

extension MSALPortDelegates: SignInAfterSignUpDelegate {
    func onSignInAfterSignUpError(error: SignInAfterSignUpError) {
        heard.append("\(error.isBrowserRequired)")
    }
}

extension MSALPortDelegates: ResetPasswordStartDelegate {
    func onResetPasswordStartError(error: ResetPasswordStartError) {
        heard.append("\(error.isBrowserRequired) \(error.isUserDoesNotHavePassword) \(error.isUserNotFound) \(error.isInvalidUsername)")
    }

    func onResetPasswordCodeRequired(
        newState: ResetPasswordCodeRequiredState,
        sentTo: String,
        channelTargetType: NativeAuthChannelType,
        codeLength: Int
    ) {
        newState.submitCode(code: "12345678", delegate: self)
        newState.resendCode(delegate: self)
    }
}

extension MSALPortDelegates: ResetPasswordVerifyCodeDelegate {
    func onResetPasswordVerifyCodeError(error: VerifyCodeError, newState: ResetPasswordCodeRequiredState?) {}

    func onPasswordRequired(newState: ResetPasswordRequiredState) {
        newState.submitPassword(password: "password", delegate: self)
    }
}

extension MSALPortDelegates: ResetPasswordResendCodeDelegate {
    func onResetPasswordResendCodeError(error: ResendCodeError, newState: ResetPasswordCodeRequiredState?) {}

    func onResetPasswordResendCodeRequired(
        newState: ResetPasswordCodeRequiredState,
        sentTo: String,
        channelTargetType: NativeAuthChannelType,
        codeLength: Int
    ) {}
}

extension MSALPortDelegates: ResetPasswordRequiredDelegate {
    func onResetPasswordRequiredError(error: PasswordRequiredError, newState: ResetPasswordRequiredState?) {}

    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) {
        let parameters = NativeAuthSignInAfterResetPasswordParameters()
        parameters.scopes = ["api://contoso/read"]
        parameters.claimsRequest = nil
        newState.signIn(parameters: parameters, delegate: self)
    }
}

extension MSALPortDelegates: SignInAfterResetPasswordDelegate {
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError) {
        heard.append("\(error.isBrowserRequired)")
    }
}

extension MSALPortDelegates: MFARequestChallengeDelegate {
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?) {
        heard.append("\(error.isAuthMethodBlocked) \(error.isBrowserRequired)")
    }

    func onMFARequestChallengeVerificationRequired(
        newState: MFARequiredState,
        sentTo: String,
        channelTargetType: NativeAuthChannelType,
        codeLength: Int) {
        newState.submitChallenge(challenge: "12345678", delegate: self)
    }

    func onMFARequestChallengeSelectionRequired(authMethods: [AuthMethod], newState: MFARequiredState) {
        guard let method = authMethods.first else { return }
        newState.requestChallenge(authMethod: method, delegate: self)
    }
}

extension MSALPortDelegates: MFASubmitChallengeDelegate {
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?) {
        heard.append("\(error.isInvalidChallenge) \(error.isBrowserRequired)")
    }
}

extension MSALPortDelegates: RegisterStrongAuthChallengeDelegate {
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?) {
        heard.append("\(error.isInvalidInput) \(error.isBrowserRequired) \(error.isVerificationContactBlocked)")
    }

    func onRegisterStrongAuthVerificationRequired(result: NativeAuthRegisterStrongAuthVerificationRequiredResult) {
        heard.append("\(result.sentTo) \(result.channelTargetType.value) \(result.codeLength)")
        result.newState.submitChallenge(challenge: "12345678", delegate: self)
    }
}

extension MSALPortDelegates: RegisterStrongAuthSubmitChallengeDelegate {
    func onRegisterStrongAuthSubmitChallengeError(
        error: RegisterStrongAuthSubmitChallengeError,
        newState: RegisterStrongAuthVerificationRequiredState?
    ) {
        heard.append("\(error.isInvalidChallenge) \(error.isBrowserRequired)")
        guard let newState else { return }
        newState.submitChallenge(challenge: "12345678", delegate: self)
    }
}

extension MSALPortDelegates: CredentialsDelegate {
    func onAccessTokenRetrieveError(error: RetrieveAccessTokenError) {
        heard.append("\(error.isBrowserRequired) \(error.isRefreshTokenExpired) \(error.isInvalidScope)")
    }

    func onAccessTokenRetrieveCompleted(result: NativeAuthTokenResult) {
        heard.append("\(result.accessToken) \(result.scopes) \(String(describing: result.expiresOn)) \(result.refreshToken ?? "")")
    }
}

/// MSAL's request interceptor, renamed.
final class MSALPortInterceptor: NativeAuthRequestInterceptor {
    func addAdditionalHeaderFields(_ requestUrl: URL?, completionBlock: @escaping NativeAuthRequestInterceptorAddHeaderCompletionBlock) {
        completionBlock(requestUrl == nil ? nil : ["x-contoso-trace": "1"])
    }
}

/// MSAL's configuration, application and entry points, renamed.
@MainActor
func msalPortStart(delegates: MSALPortDelegates) throws {
    let config = try NativeAuthPublicClientApplicationConfig(
        clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso", challengeTypes: [.OOB, .password])
    config.capabilities = [.mfaRequired, .registrationRequired]
    config.requestInterceptor = MSALPortInterceptor()
    config.redirectUri = "msauth.com.contoso.app://auth"
    let nativeAuth = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)

    let signIn = NativeAuthSignInParameters(username: "user@contoso.com")
    signIn.password = "password"
    signIn.scopes = ["api://contoso/read"]
    signIn.claimsRequest = nil
    signIn.correlationId = UUID()
    nativeAuth.signIn(parameters: signIn, delegate: delegates)

    let signUp = NativeAuthSignUpParameters(username: "user@contoso.com")
    signUp.password = "password"
    signUp.attributes = ["city": "Dublin", "age": 42]
    signUp.correlationId = UUID()
    nativeAuth.signUp(parameters: signUp, delegate: delegates)

    let reset = NativeAuthResetPasswordParameters(username: "user@contoso.com")
    reset.correlationId = UUID()
    nativeAuth.resetPassword(parameters: reset, delegate: delegates)

    _ = nativeAuth.getNativeAuthUserAccount()
    _ = nativeAuth.getNativeAuthUserAccount(correlationId: UUID())

    // MSAL's deprecated convenience initializer.
    _ = try NativeAuthPublicClientApplication(
        clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", tenantSubdomain: "contoso", challengeTypes: [.OOB],
        redirectUri: "msauth.com.contoso.app://auth")
}

/// One object for a whole sign-up, implementing only what an app without attributes needs: the
/// optional callbacks it leaves out are shared by several of the delegates it adopts.
@MainActor
final class MSALPortSignUpWithoutAttributes: SignUpStartDelegate, SignUpVerifyCodeDelegate, SignUpPasswordRequiredDelegate,
    SignUpAttributesRequiredDelegate {
    func onSignUpStartError(error: SignUpStartError) {}
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) {}
    func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?) {}
    func onSignUpAttributesRequiredError(error: AttributesRequiredError) {}
}

/// One object for a whole sign-in, implementing only the error callbacks.
@MainActor
final class MSALPortSignInErrorsOnly: SignInStartDelegate, SignInVerifyCodeDelegate, SignInPasswordRequiredDelegate,
    SignInAfterSignUpDelegate, SignInAfterResetPasswordDelegate, MFASubmitChallengeDelegate, RegisterStrongAuthChallengeDelegate,
    RegisterStrongAuthSubmitChallengeDelegate {
    func onSignInStartError(error: SignInStartError) {}
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) {}
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?) {}
    func onSignInAfterSignUpError(error: SignInAfterSignUpError) {}
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError) {}
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?) {}
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?) {}
    func onRegisterStrongAuthSubmitChallengeError(error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?) {}
}
