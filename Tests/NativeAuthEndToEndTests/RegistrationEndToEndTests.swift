import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// The library's strong-auth method registration against the emulator, over real loopback HTTP,
/// with the demo user `registeruser@example.com` and sign-ups under `"requireMFA": true`.
@Suite struct RegistrationEndToEndTests {
    private static func registration(_ result: SignInStartResult) throws -> ([AuthMethod], RegisterStrongAuthState) {
        guard case .strongAuthMethodRegistration(let methods, let state) = result else {
            throw HarnessError("expected strongAuthMethodRegistration, got \(result)")
        }
        return (methods, state)
    }

    @Test func anAddressIsRegisteredWithACodeThenAskedForAtTheNextSignIn() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired, .registrationRequired])
            let (methods, state) = try Self.registration(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.registerUser))
            #expect(methods.map(\.id) == ["email", "sms"])
            let email = methods[0]
            #expect(email.loginHint == EmulatorHarness.registerUser)
            let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: email, verificationContact: email.loginHint ?? "")
            guard case .verificationRequired(let sent) = await state.challengeAuthMethod(parameters: parameters) else {
                Issue.record("expected a code to be sent"); return
            }
            #expect(sent.sentTo == EmulatorHarness.registerUser)
            #expect(sent.channelTargetType.isEmailType)
            #expect(sent.codeLength == 8)
            guard case .error(let wrong, let retry) = await sent.newState.submitChallenge(challenge: "00000000") else {
                Issue.record("expected a wrong code"); return
            }
            #expect(wrong.isInvalidChallenge)
            guard case .completed(let result) = try await #require(retry).submitChallenge(challenge: "12345678") else {
                Issue.record("expected the registration to sign the user in"); return
            }
            #expect(result.account.username == EmulatorHarness.registerUser)
            #expect(try harness.store.read().accounts.count == 1)

            // The registered address is now the second factor.
            guard case .awaitingMFA(let next, _) = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.registerUser) else {
                Issue.record("expected the next sign-in to ask for the second factor"); return
            }
            #expect(next.map(\.channelTargetType.value) == ["email"])
        }
    }

    @Test func aBlockedOrInvalidContactHandsTheStateBackForAnother() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.registrationRequired])
            let (methods, state) = try Self.registration(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.registerUser))
            let sms = methods[1]
            guard case .error(let blocked, let same) = await state.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: sms, verificationContact: "+9995550123")) else {
                Issue.record("expected the number to be blocked"); return
            }
            #expect(blocked.isVerificationContactBlocked)
            #expect(blocked.errorDescription?.hasPrefix("The server blocked the verification contact provided.") == true)
            #expect(same === state)
            guard case .error(let invalid, let again) = await state.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: sms, verificationContact: "not a number")) else {
                Issue.record("expected the contact to be refused"); return
            }
            #expect(invalid.isInvalidInput)
            #expect(invalid.errorCodes == [901001])
            #expect(again === state)
            guard case .error(let empty, let local) = await state.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: sms, verificationContact: "  ")) else {
                Issue.record("expected the empty contact to be refused"); return
            }
            #expect(empty.isInvalidInput)
            #expect(local === state)
            guard case .verificationRequired(let sent) = await state.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: sms, verificationContact: "+14255550199")) else {
                Issue.record("expected a code to be sent"); return
            }
            #expect(sent.channelTargetType.isSMSType)
            guard case .completed = await sent.newState.submitChallenge(challenge: "12345678") else { Issue.record("expected a sign-in"); return }
        }
    }

    @Test func aResendToAnotherContactFromTheCodeState() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.registrationRequired])
            let (methods, state) = try Self.registration(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.registerUser))
            guard case .verificationRequired(let first) = await state.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: methods[1], verificationContact: "+14255550199")),
                  case .verificationRequired(let second) = await first.newState.challengeAuthMethod(
                    parameters: NativeAuthChallengeAuthMethodParameters(authMethod: methods[1], verificationContact: "+14255550188"))
            else { Issue.record("expected two codes"); return }
            #expect(second.sentTo == "+14255550188")
            guard case .error(let blocked, let back) = await second.newState.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: methods[1], verificationContact: "+9995550123")) else {
                Issue.record("expected the number to be blocked"); return
            }
            #expect(blocked.isVerificationContactBlocked)
            guard case .verificationRequired(let third) = try await #require(back).challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: methods[0], verificationContact: EmulatorHarness.registerUser))
            else { Issue.record("expected a code to the address"); return }
            guard case .completed = await third.newState.submitChallenge(challenge: "12345678") else { Issue.record("expected a sign-in"); return }
        }
    }

    @Test func theAddressASignUpVerifiedIsPreverified() async throws {
        try await EmulatorHarness.run(seed: #"{"signUp": {"method": "password", "attributes": [], "requireMFA": true}}"#) { harness in
            let app = try harness.app(capabilities: [.mfaRequired, .registrationRequired])
            let created = try await EmulatorHarness.passwordSignUp(app, "erin@example.com", password: "Str0ng-Passw0rd!")
            guard case .strongAuthMethodRegistration(let methods, let state) = await created.signIn() else {
                Issue.record("expected the sign-in after the sign-up to ask for a registration"); return
            }
            let email = try #require(methods.first { $0.channelTargetType.isEmailType })
            guard case .completed(let result) = await state.challengeAuthMethod(
                parameters: NativeAuthChallengeAuthMethodParameters(authMethod: email, verificationContact: "erin@example.com")) else {
                Issue.record("expected the preverified address to sign the user in"); return
            }
            #expect(result.account.username == "erin@example.com")
            let paths = try await harness.requestLog().compactMap { $0["path"] as? String }
            #expect(paths.suffix(3).map { String($0.split(separator: "/").suffix(2).joined(separator: "/")) }
                    == ["v1.0/challenge", "v1.0/continue", "v2.0/token"], "\(paths)")
        }
    }

    @Test func withoutTheCapabilityTheSignInIsBrowserRequired() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            guard case .error(let error) = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.registerUser) else {
                Issue.record("expected an error"); return
            }
            #expect(error.isBrowserRequired)
            #expect(error.errorDescription == "Client is missing registration_required capability")
        }
    }

    @Test func theDelegateFormReportsTheRegistrationThenTheAccount() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.registrationRequired])
            let parameters = NativeAuthSignInParameters(username: EmulatorHarness.registerUser)
            parameters.password = EmulatorHarness.demoPassword
            // Every callback of the delegate finishes the wait: success or any error.
            let outcome = await withCheckedContinuation { continuation in
                Task { @MainActor in
                    let delegate = RegistrationDelegate()
                    delegate.onFinished = { continuation.resume(returning: $0) }
                    app.signIn(parameters: parameters, delegate: delegate)
                }
            }
            #expect(outcome == "signed in as \(EmulatorHarness.registerUser)")
        }
    }
}

/// Signs in, registers the suggested address and submits the fixed code, all through delegates.
@MainActor
private final class RegistrationDelegate: SignInStartDelegate, RegisterStrongAuthChallengeDelegate, RegisterStrongAuthSubmitChallengeDelegate {
    var onFinished: (String) -> Void = { _ in }

    func onSignInStartError(error: SignInStartError) { onFinished("start error: \(error)") }
    func onSignInStrongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState) {
        let email = authMethods[0]
        newState.challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters(authMethod: email, verificationContact: email.loginHint ?? ""),
                                     delegate: self)
    }
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?) {
        onFinished("challenge error: \(error)")
    }
    func onRegisterStrongAuthVerificationRequired(result: RegisterStrongAuthVerificationRequiredResult) {
        result.newState.submitChallenge(challenge: "12345678", delegate: self)
    }
    func onRegisterStrongAuthSubmitChallengeError(error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?) {
        onFinished("submit error: \(error)")
    }
    func onSignInCompleted(result: NativeAuthUserAccountResult) { onFinished("signed in as \(result.account.username)") }
}
