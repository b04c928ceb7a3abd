import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// One class conforming to two sign-in delegates without the strong-auth callbacks: it compiles
/// (they are declared once, in ``SignInStartDelegate``'s and ``SignInVerifyCodeDelegate``'s shared
/// parent), and a callback it lacks is reported through the calling delegate's error callback.
@MainActor
private final class FirstFactorOnly: SignInStartDelegate, SignInVerifyCodeDelegate, SignInPasswordRequiredDelegate {
    var reported: (String) -> Void = { _ in }

    func onSignInStartError(error: SignInStartError) { reported("start: \(error.errorDescription ?? "")") }
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?) { reported("verify: \(error.errorDescription ?? "")") }
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?) {
        reported("password: \(error.errorDescription ?? "")")
    }
    func onSignInPasswordRequired(newState: SignInPasswordRequiredState) { newState.submitPassword(password: Recorded.password, delegate: self) }
    func onSignInCompleted(result: NativeAuthUserAccountResult) { reported("completed") }
}

/// Implements the MFA callbacks: requests the first method's code and submits the recorded code.
@MainActor
private final class MFAAll: SignInStartDelegate, MFARequestChallengeDelegate, MFASubmitChallengeDelegate {
    var reported: (String) -> Void = { _ in }

    func onSignInStartError(error: SignInStartError) { reported("start: \(error.errorDescription ?? "")") }
    func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) {
        newState.requestChallenge(authMethod: authMethods[0], delegate: self)
    }
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?) { reported("request: \(error)") }
    func onMFARequestChallengeVerificationRequired(newState: MFARequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        newState.submitChallenge(challenge: Recorded.code, delegate: self)
    }
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?) { reported("submit: \(error)") }
    func onSignInCompleted(result: NativeAuthUserAccountResult) { reported("signed in as \(result.account.username)") }
}

/// Implements only the request's error callback.
@MainActor
private final class RequestErrorOnly: MFARequestChallengeDelegate {
    var reported: (String) -> Void = { _ in }
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?) {
        reported("request: \(error.errorDescription ?? "") state: \(newState == nil ? "none" : "some")")
    }
}

@Suite("Strong-auth delegates")
@MainActor
struct StrongAuthDelegateTests {
    private static func fixture(_ scenario: String = "MFAEmailSecondFactor") throws -> ReplayFixture {
        try ReplayFixture(scenario, challengeTypes: [.OOB, .password], capabilities: [.mfaRequired, .registrationRequired])
    }

    private static var passwordParameters: NativeAuthSignInParameters {
        let parameters = NativeAuthSignInParameters(username: Recorded.username)
        parameters.password = Recorded.password
        return parameters
    }

    @Test("An unimplemented onSignInAwaitingMFA is reported through onSignInStartError")
    func startDefault() async throws {
        let fixture = try Self.fixture()
        let message = await withCheckedContinuation { continuation in
            let delegate = FirstFactorOnly()
            delegate.reported = { continuation.resume(returning: $0) }
            fixture.app.signIn(parameters: Self.passwordParameters, delegate: delegate)
        }
        #expect(message.hasPrefix("start: "))
        #expect(message.contains("onSignInAwaitingMFA(authMethods:newState:)"))
        #expect(message.contains("not implement"))
    }

    @Test("An unimplemented onSignInStrongAuthMethodRegistration is reported through onSignInPasswordRequiredError")
    func passwordDefault() async throws {
        let listing = try Self.fixture("RegistrationInvalidContact")
        let message = await withCheckedContinuation { continuation in
            let delegate = FirstFactorOnly()
            delegate.reported = { continuation.resume(returning: $0) }
            listing.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username), delegate: delegate)
        }
        #expect(message.hasPrefix("password: "))
        #expect(message.contains("onSignInStrongAuthMethodRegistration(authMethods:newState:)"))
    }

    @Test("The MFA delegates carry a sign-in from the password to the account")
    func mfaThroughDelegates() async throws {
        let fixture = try Self.fixture()
        let message = await withCheckedContinuation { continuation in
            let delegate = MFAAll()
            delegate.reported = { continuation.resume(returning: $0) }
            fixture.app.signIn(parameters: Self.passwordParameters, delegate: delegate)
        }
        #expect(message == "signed in as \(Recorded.username)")
        try fixture.transport.assertAllUsed()
    }

    @Test("An unimplemented onMFARequestChallengeVerificationRequired is reported through the error callback, without a state")
    func requestDefault() async throws {
        let fixture = try Self.fixture()
        guard case .awaitingMFA(let methods, let state) = await fixture.app.signIn(parameters: Self.passwordParameters) else {
            Issue.record("expected awaitingMFA"); return
        }
        let message = await withCheckedContinuation { continuation in
            let delegate = RequestErrorOnly()
            delegate.reported = { continuation.resume(returning: $0) }
            state.requestChallenge(authMethod: methods[0], delegate: delegate)
        }
        #expect(message.contains("onMFARequestChallengeVerificationRequired"))
        #expect(message.hasSuffix("state: none"))
    }
}
