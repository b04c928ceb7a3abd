import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// Collects what the error callbacks report.
@MainActor
private class ErrorCollector {
    var messages: [String] = []

    /// The first message reported; fails the test (by `#require`) when none arrives within 60 s (a bound for a loaded machine, not a timing).
    func waitForMessage() async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while messages.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return try #require(messages.first, "no error callback within 60 s")
    }
}

// Each implements only its protocol's required error callback.
@MainActor
private final class StartErrorOnly: ErrorCollector, SignInStartDelegate {
    func onSignInStartError(error: SignInStartError) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class VerifyErrorOnly: ErrorCollector, SignInVerifyCodeDelegate {
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class CredentialsErrorOnly: ErrorCollector, CredentialsDelegate {
    func onAccessTokenRetrieveError(error: RetrieveAccessTokenError) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class SignUpStartErrorOnly: ErrorCollector, SignUpStartDelegate {
    func onSignUpStartError(error: SignUpStartError) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class SignUpVerifyErrorOnly: ErrorCollector, SignUpVerifyCodeDelegate {
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) { messages.append(error.errorDescription ?? "") }
}

@MainActor
private final class SignInAfterSignUpErrorOnly: ErrorCollector, SignInAfterSignUpDelegate {
    func onSignInAfterSignUpError(error: SignInAfterSignUpError) { messages.append(error.errorDescription ?? "") }
}

/// One object for a whole sign-in, as an MSAL app's view controller often is: it adopts every
/// delegate that can end in `onSignInCompleted` and implements only their error callbacks.
@MainActor
private final class SignInErrorsOnly: ErrorCollector, SignInStartDelegate, SignInVerifyCodeDelegate, SignInPasswordRequiredDelegate,
    SignInAfterSignUpDelegate, SignInAfterResetPasswordDelegate, MFASubmitChallengeDelegate, RegisterStrongAuthChallengeDelegate,
    RegisterStrongAuthSubmitChallengeDelegate {
    func onSignInStartError(error: SignInStartError) { messages.append("start: \(error.errorDescription ?? "")") }
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) { messages.append("verify: \(error.errorDescription ?? "")") }
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?) { messages.append("password") }
    func onSignInAfterSignUpError(error: SignInAfterSignUpError) { messages.append("after sign-up") }
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError) { messages.append("after reset") }
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?) { messages.append("mfa") }
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?) { messages.append("register") }
    func onRegisterStrongAuthSubmitChallengeError(error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?) {
        messages.append("register submit")
    }
}

/// One object for the sign-up's steps after its start, implementing only their error callbacks
/// (an app whose sign-up asks no attributes leaves `onSignUpAttributesRequired` out).
@MainActor
private final class SignUpStepsErrorsOnly: ErrorCollector, SignUpVerifyCodeDelegate, SignUpPasswordRequiredDelegate, SignUpAttributesRequiredDelegate {
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) { messages.append("verify: \(error.errorDescription ?? "")") }
    func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?) { messages.append("password") }
    func onSignUpAttributesRequiredError(error: AttributesRequiredError) { messages.append("attributes") }
}

/// Implements every attributes callback, recording which one was called.
@MainActor
private final class AttributesRecorder: ErrorCollector, SignUpAttributesRequiredDelegate {
    var invalid: (names: [String], state: SignUpAttributesRequiredState)?
    func onSignUpAttributesRequiredError(error: AttributesRequiredError) { messages.append("error: \(error.errorDescription ?? "")") }
    func onSignUpAttributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState) { messages.append("required") }
    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {
        invalid = (attributeNames, newState)
        messages.append("invalid")
    }
    func onSignUpCompleted(newState: SignInAfterSignUpState) { messages.append("completed") }
}

@Suite("Delegate default methods")
@MainActor
struct DelegateDefaultTests {
    @Test("An unimplemented onSignInCodeRequired is reported through onSignInStartError")
    func startDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let delegate = StartErrorOnly()
        app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"), delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignInCodeRequired"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onSignInCompleted is reported through onSignInVerifyCodeError")
    func verifyDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        let delegate = VerifyErrorOnly()
        state.submitCode(code: "12345678", delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignInCompleted"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onAccessTokenRetrieveCompleted is reported through onAccessTokenRetrieveError")
    func credentialsDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        let account = try #require(await state.submitCode(code: "12345678").completed)
        let delegate = CredentialsErrorOnly()
        account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(), delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onAccessTokenRetrieveCompleted"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onSignUpCodeRequired is reported through onSignUpStartError")
    func signUpStartDefault() async throws {
        let app = try MockServer.app(SignUpMockServer.transport())
        let delegate = SignUpStartErrorOnly()
        app.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com"), delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignUpCodeRequired"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onSignUpCompleted is reported through onSignUpVerifyCodeError")
    func signUpVerifyDefault() async throws {
        let app = try MockServer.app(SignUpMockServer.transport())
        let state = try #require(await app.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com")).codeRequired?.state)
        let delegate = SignUpVerifyErrorOnly()
        state.submitCode(code: "12345678", delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignUpCompleted"))
    }

    @Test("An unimplemented onSignInCompleted is reported through onSignInAfterSignUpError")
    func signInAfterSignUpDefault() async throws {
        let transport = SignUpMockServer.transport()
        let signUp = try MockServer.app(transport)
        let state = try #require(await signUp.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com")).codeRequired?.state)
        let created = try #require(await state.submitCode(code: "12345678").completed)
        let delegate = SignInAfterSignUpErrorOnly()
        created.signIn(parameters: NativeAuthSignInAfterSignUpParameters(), delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.contains("onSignInCompleted"), "\(message)")
    }

    @Test("One object adopting every delegate that signs in, with only the error callbacks, hears an unimplemented onSignInCompleted")
    func sharedSignInCompletedDefault() async throws {
        let app = try MockServer.app(MockServer.transport())
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        let delegate = SignInErrorsOnly()
        state.submitCode(code: "12345678", delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.hasPrefix("verify: "), "\(message)")
        #expect(message.contains("onSignInCompleted"))
        #expect(message.contains("not implement"))
    }

    @Test("One object adopting the sign-up's step delegates, with only the error callbacks, hears an unimplemented onSignUpCompleted")
    func sharedSignUpCompletedDefault() async throws {
        let app = try MockServer.app(SignUpMockServer.transport())
        let state = try #require(await app.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com")).codeRequired?.state)
        let delegate = SignUpStepsErrorsOnly()
        state.submitCode(code: "12345678", delegate: delegate)
        let message = try await delegate.waitForMessage()
        #expect(message.hasPrefix("verify: "), "\(message)")
        #expect(message.contains("onSignUpCompleted"))
        #expect(message.contains("not implement"))
    }

    @Test("The attributes delegate gets onSignUpAttributesInvalid with the same state")
    func attributesInvalidDelivery() async throws {
        let transport = SignUpMockServer.transport { form in
            switch form["grant_type"] {
            case "oob": (400, #"{"error":"attributes_required","continuation_token":"CT3-mock","required_attributes":[{"name":"city"}]}"#)
            default: (400, #"{"error":"invalid_grant","suberror":"attribute_validation_failed","invalid_attributes":[{"name":"city"}]}"#)
            }
        }
        let app = try MockServer.app(transport)
        let state = try #require(await app.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com")).codeRequired?.state)
        let required = try #require(await state.submitCode(code: "12345678").attributesRequired)
        let delegate = AttributesRecorder()
        required.state.submitAttributes(attributes: ["city": "?"], delegate: delegate)
        #expect(try await delegate.waitForMessage() == "invalid")
        #expect(delegate.invalid?.names == ["city"])
        #expect(delegate.invalid?.state === required.state)
    }
}
