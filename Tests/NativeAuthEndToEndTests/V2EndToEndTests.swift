import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// The library speaking API V2 to the emulator's V2, over real loopback HTTP: the journeys of issue
/// 33, each with the app's code as for V1 and only `api: .v2` set.
@Suite struct V2EndToEndTests {
    private static let code = "12345678"

    private static func codeState(_ result: SignInStartResult) throws -> SignInCodeRequiredState {
        guard case .codeRequired(let state, let sentTo, let channel, let length) = result else {
            throw HarnessError("expected a code, got \(result)")
        }
        #expect(sentTo.hasSuffix("@e*****e.com") && channel.isEmailType && length == 8)
        return state
    }

    @Test("Sign-in by code, whatever the form of the emulator's hrefs and its version segment", arguments: V2HrefStyle.allCases)
    func codeSignIn(style: V2HrefStyle) async throws {
        try await EmulatorHarness.run(configure: { $0.v2HrefStyle = style; $0.v2APIVersion = "v0.1" }) { harness in
            let app = try harness.app([.OOB], api: .v2)
            let state = try Self.codeState(await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice)))
            guard case .completed(let result) = await state.submitCode(code: Self.code) else { Issue.record("expected the sign-in"); return }
            #expect(result.account.username == EmulatorHarness.alice)
            #expect(try await result.getAccessToken().accessToken.isEmpty == false)
            let paths = try await harness.requestLog().compactMap { $0["path"] as? String }
            #expect(paths.contains { $0.hasSuffix("/api/v0.1/signin") }, "\(paths)")
            #expect(!paths.contains { $0.hasSuffix("/initiate") }, "V2 sends nothing to V1's endpoints")
        }
    }

    @Test("A wrong code hands the state back, a resend sends another, the right one signs in")
    func wrongCodeAndResend() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB], api: .v2)
            let state = try Self.codeState(await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice)))
            guard case .error(let wrong, let retry?) = await state.submitCode(code: "00000000") else { Issue.record("expected a retry"); return }
            #expect(wrong.isInvalidCode)
            guard case .codeRequired(let again, _, _, _) = await retry.resendCode() else { Issue.record("expected a new code"); return }
            guard case .completed = await again.submitCode(code: Self.code) else { Issue.record("expected the sign-in"); return }
        }
    }

    @Test("Password: given to the start, and on its own state after a wrong one")
    func password() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(api: .v2)
            guard case .completed(let result) = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.bob, password: EmulatorHarness.bobPassword)
            else { Issue.record("expected the sign-in"); return }
            #expect(result.account.username == EmulatorHarness.bob)

            guard case .passwordRequired(let state) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.bob)),
                  case .error(let wrong, let retry?) = await state.submitPassword(password: "Wrong-Passw0rd!")
            else { Issue.record("expected the password state, then a retry"); return }
            #expect(wrong.isInvalidPassword)
            guard case .completed = await retry.submitPassword(password: EmulatorHarness.bobPassword) else { Issue.record("expected the sign-in"); return }
        }
    }

    @Test("Sign-up with attributes given to the start, then the sign-in after it")
    func signUp() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB], api: .v2)
            let parameters = NativeAuthSignUpParameters(username: "carol@example.com")
            parameters.attributes = ["displayName": "Carol", "city": "Dublin"]
            guard case .codeRequired(let state, _, _, _) = await app.signUp(parameters: parameters),
                  case .completed(let created) = await state.submitCode(code: Self.code),
                  case .completed(let result) = await created.signIn()
            else { Issue.record("expected the sign-up and the sign-in after it"); return }
            #expect(result.account.username == "carol@example.com")
            #expect(result.account.accountClaims?["name"] as? String == "Carol")
        }
    }

    @Test("Password reset: the new password, the polls on the app's clock, the sign-in after it")
    func resetPassword() async throws {
        try await EmulatorHarness.run(configure: { $0.passwordResetPendingPolls = 2 }) { harness in
            let clock = ManualClock()
            let app = try harness.app(clock: clock, api: .v2)
            guard case .codeRequired(let state, _, _, _) = await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: EmulatorHarness.bob)),
                  case .passwordRequired(let password) = await state.submitCode(code: Self.code),
                  case .completed(let reset) = await password.submitPassword(password: "N3w-Passw0rd!"),
                  case .completed = await reset.signIn()
            else { Issue.record("expected the reset and the sign-in after it"); return }
            #expect(clock.sleeps == [.seconds(2), .seconds(2)])
            guard case .completed = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.bob, password: "N3w-Passw0rd!") else {
                Issue.record("the new password works"); return
            }
        }
    }

    @Test("MFA: the second factors listed after the password; the email one's code signs in")
    func mfa() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired], api: .v2)
            guard case .awaitingMFA(let methods, let awaiting) = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser) else {
                Issue.record("expected the second factor"); return
            }
            let email = try #require(methods.first { $0.channelTargetType.isEmailType })
            guard case .verificationRequired(let state, _, _, _) = await awaiting.requestChallenge(authMethod: email),
                  case .completed(let result) = await state.submitChallenge(challenge: Self.code)
            else { Issue.record("expected the second factor's code to sign in"); return }
            #expect(result.account.username == EmulatorHarness.mfaUser)

            let plain = try harness.app(api: .v2)
            guard case .error(let browser) = await EmulatorHarness.passwordSignIn(plain, EmulatorHarness.mfaUser) else {
                Issue.record("expected browser required"); return
            }
            #expect(browser.isBrowserRequired, "an app without .mfaRequired gets the browser, as in V1")
        }
    }

    @Test("A reset whose journey ends at the second factor: the sign-in after it awaits MFA, and its code signs in")
    func resetEndingAtTheSecondFactor() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired], api: .v2)
            let parameters = NativeAuthResetPasswordParameters(username: EmulatorHarness.mfaUser)
            guard case .codeRequired(let state, _, _, _) = await app.resetPassword(parameters: parameters),
                  case .passwordRequired(let password) = await state.submitCode(code: Self.code),
                  case .completed(let reset) = await password.submitPassword(password: "N3w-Passw0rd!"),
                  case .awaitingMFA(let methods, let awaiting) = await reset.signIn()
            else { Issue.record("expected the reset, then the second factor"); return }
            let email = try #require(methods.first { $0.channelTargetType.isEmailType })
            guard case .verificationRequired(let sent, _, _, _) = await awaiting.requestChallenge(authMethod: email),
                  case .completed(let result) = await sent.submitChallenge(challenge: Self.code)
            else { Issue.record("expected the second factor's code to sign in"); return }
            #expect(result.account.username == EmulatorHarness.mfaUser)
        }
    }

    @Test("Registration: a contact enrolled, its code activated, then signed in")
    func registration() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.registrationRequired], api: .v2)
            guard case .strongAuthMethodRegistration(let methods, let state) = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.registerUser)
            else { Issue.record("expected the registration"); return }
            let email = try #require(methods.first { $0.channelTargetType.isEmailType })
            let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: email, verificationContact: EmulatorHarness.registerUser)
            guard case .verificationRequired(let sent) = await state.challengeAuthMethod(parameters: parameters),
                  case .completed(let result) = await sent.newState.submitChallenge(challenge: Self.code)
            else { Issue.record("expected the contact's code to register it and sign in"); return }
            #expect(result.account.username == EmulatorHarness.registerUser)
        }
    }

    @Test("A browser-only user: webFallbackRequired is browser required")
    func webFallback() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB], api: .v2)
            guard case .error(let error) = await app.signIn(parameters: NativeAuthSignInParameters(username: "webuser@example.com")) else {
                Issue.record("expected an error"); return
            }
            #expect(error.isBrowserRequired)
        }
    }
}
