import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// The library's MFA loop against the emulator, over real loopback HTTP, with the demo user
/// `mfauser@example.com` (password, then an email or SMS second factor), after a password reset,
/// after a sign-up (`"newUserSecondFactor": "email"`), and after an email code (`smsuser@example.com`,
/// an SMS second factor).
@Suite struct MFAEndToEndTests {
    private static func awaiting(_ result: SignInStartResult) throws -> ([AuthMethod], AwaitingMFAState) {
        guard case .awaitingMFA(let methods, let state) = result else { throw HarnessError("expected awaitingMFA, got \(result)") }
        return (methods, state)
    }

    private static func sent(_ result: MFARequestChallengeResult) throws -> (MFARequiredState, String, NativeAuthChannelType) {
        guard case .verificationRequired(let state, let sentTo, let channel, let length) = result else {
            throw HarnessError("expected a code, got \(result)")
        }
        #expect(length == 8)
        return (state, sentTo, channel)
    }

    @Test func emailSecondFactorWithAWrongCodeThenTheRightOne() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired, .registrationRequired])
            let (methods, awaiting) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser))
            #expect(methods.map(\.channelTargetType.value) == ["email", "sms"])
            #expect(methods.allSatisfy { $0.challengeType == "oob" && !$0.id.isEmpty })
            #expect(methods[0].loginHint == "m*****r@e*****e.com")
            #expect(methods[1].loginHint == "+1*********0")
            #expect(try harness.store.read().accounts.isEmpty, "nothing is stored before the second factor")

            let (state, sentTo, channel) = try Self.sent(await awaiting.requestChallenge(authMethod: methods[0]))
            #expect(sentTo == "m*****r@e*****e.com")
            #expect(channel.isEmailType)
            guard case .error(let wrong, let retry) = await state.submitChallenge(challenge: "00000000") else {
                Issue.record("expected a wrong code"); return
            }
            #expect(wrong.isInvalidChallenge)
            let again = try #require(retry)
            #expect(again === state, "a wrong code hands the same state back")
            guard case .completed(let result) = await again.submitChallenge(challenge: "12345678") else {
                Issue.record("expected the sign-in to complete"); return
            }
            #expect(result.account.username == EmulatorHarness.mfaUser)
            #expect(try harness.store.read().accounts.count == 1)
            let grants = try await harness.requestLog().compactMap { $0["path"] as? String }
            #expect(grants.contains { $0.hasSuffix("/oauth2/v2.0/introspect") })
        }
    }

    @Test func smsSecondFactorAfterResendingAndSwitchingMethods() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            let (methods, awaiting) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser))
            let (first, _, _) = try Self.sent(await awaiting.requestChallenge(authMethod: methods[0]))
            // A resend on the same method, then a switch to SMS: each answers a new state.
            let (resent, _, _) = try Self.sent(await first.requestChallenge(authMethod: methods[0]))
            #expect(resent !== first)
            guard case .error(let used, nil) = await first.submitChallenge(challenge: "12345678") else {
                Issue.record("expected the used state to refuse"); return
            }
            #expect(used.isStateAlreadyUsed)
            let (sms, sentTo, channel) = try Self.sent(await resent.requestChallenge(authMethod: methods[1]))
            #expect(channel.isSMSType)
            #expect(sentTo == "+1*********0")
            guard case .completed(let result) = await sms.submitChallenge(challenge: "12345678") else {
                Issue.record("expected the sign-in to complete"); return
            }
            #expect(result.account.username == EmulatorHarness.mfaUser)
            let codes = try await harness.codes(for: EmulatorHarness.mfaUser)
            #expect(codes.count == 3, "email, email again, SMS: \(codes)")
        }
    }

    @Test func theAwaitingStateIsSingleUse() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            let (methods, awaiting) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser))
            _ = try Self.sent(await awaiting.requestChallenge(authMethod: methods[0]))
            guard case .error(let error, nil) = await awaiting.requestChallenge(authMethod: methods[1]) else {
                Issue.record("expected the used state to refuse"); return
            }
            #expect(error.isStateAlreadyUsed)
        }
    }

    @Test func anUnknownMethodHandsTheTokenOnToAnMFARequiredState() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            let (methods, awaiting) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser))
            let unknown = AuthMethod(id: "no-such-method", challengeType: "oob", channelTargetType: NativeAuthChannelType(value: "email"), loginHint: nil)
            guard case .error(let error, let next) = await awaiting.requestChallenge(authMethod: unknown) else {
                Issue.record("expected the unknown method to be refused"); return
            }
            #expect(error.serverError == "invalid_request")
            let state = try #require(next)
            let (sent, _, _) = try Self.sent(await state.requestChallenge(authMethod: methods[0]))
            guard case .completed = await sent.submitChallenge(challenge: "12345678") else { Issue.record("expected a sign-in"); return }
        }
    }

    @Test func withoutTheCapabilityTheSignInIsBrowserRequired() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.registrationRequired])
            guard case .error(let error) = await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser) else {
                Issue.record("expected an error"); return
            }
            #expect(error.isBrowserRequired)
            #expect(error.errorDescription == "Client is missing mfa_required capability")
        }
    }

    @Test func anExpiredTokenEndsTheLoopAtEachStep() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            // At the challenge.
            let (methods, awaiting) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser))
            try await harness.advanceClock(seconds: 3600)
            guard case .error(let atChallenge, let none) = await awaiting.requestChallenge(authMethod: methods[0]) else {
                Issue.record("expected an error"); return
            }
            #expect(atChallenge.serverError == "expired_token")
            #expect(none == nil)
            // At the grant.
            let (again, fresh) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, EmulatorHarness.mfaUser))
            let (state, _, _) = try Self.sent(await fresh.requestChallenge(authMethod: again[0]))
            try await harness.advanceClock(seconds: 3600)
            guard case .error(let atGrant, nil) = await state.submitChallenge(challenge: "12345678") else {
                Issue.record("expected an error and no state"); return
            }
            #expect(atGrant.serverError == "expired_token")
            #expect(!atGrant.isInvalidChallenge)
        }
    }

    @Test func mfaAfterAPasswordReset() async throws {
        try await EmulatorHarness.run(configure: { $0.passwordResetPendingPolls = 0 }) { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            guard case .codeRequired(let code, _, _, _) = await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: EmulatorHarness.mfaUser)),
                  case .passwordRequired(let password) = await code.submitCode(code: "12345678"),
                  case .completed(let signIn) = await password.submitPassword(password: "N3w-Passw0rd!")
            else { Issue.record("expected the reset to complete"); return }
            guard case .awaitingMFA(let methods, let awaiting) = await signIn.signIn() else {
                Issue.record("expected the sign-in after the reset to ask for the second factor"); return
            }
            let (state, _, _) = try Self.sent(await awaiting.requestChallenge(authMethod: methods[0]))
            guard case .completed(let result) = await state.submitChallenge(challenge: "12345678") else { Issue.record("expected a sign-in"); return }
            #expect(result.account.username == EmulatorHarness.mfaUser)
        }
    }

    @Test func mfaAfterASignUpWithAPassword() async throws {
        try await EmulatorHarness.run(seed: #"{"signUp": {"method": "password", "attributes": [], "newUserSecondFactor": "email"}}"#) { harness in
            let app = try harness.app(capabilities: [.mfaRequired, .registrationRequired])
            let created = try await EmulatorHarness.passwordSignUp(app, "nina@example.com", password: "Str0ng-Passw0rd!")
            guard case .awaitingMFA(let methods, let awaiting) = await created.signIn() else {
                Issue.record("expected the sign-in after the sign-up to ask for the second factor"); return
            }
            #expect(methods.map(\.channelTargetType.value) == ["email"])
            #expect(methods.first?.loginHint == "n**a@e*****e.com")
            #expect(try harness.store.read().accounts.isEmpty, "nothing is stored before the second factor")
            let (state, sentTo, channel) = try Self.sent(await awaiting.requestChallenge(authMethod: methods[0]))
            #expect(channel.isEmailType)
            #expect(sentTo == "n**a@e*****e.com")
            guard case .completed(let result) = await state.submitChallenge(challenge: "12345678") else {
                Issue.record("expected the sign-in to complete"); return
            }
            #expect(result.account.username == "nina@example.com")
            #expect(try await harness.codes(for: "nina@example.com").count == 2, "the sign-up's code, then the second factor's")
            // The new user's next sign-in asks for the second factor again.
            let (again, _) = try Self.awaiting(await EmulatorHarness.passwordSignIn(app, "nina@example.com", password: "Str0ng-Passw0rd!"))
            #expect(again.map(\.id) == methods.map(\.id))
        }
    }

    /// An email-code user whose tenant asks for MFA (the demo user `smsuser@example.com`): the second
    /// factor is SMS (email cannot be the second factor of an email first factor; see the emulator's
    /// `UserStrongAuth`).
    @Test func mfaAfterAnEmailCode() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [.mfaRequired])
            guard case .codeRequired(let code, _, let firstChannel, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.smsUser))
            else { Issue.record("expected an email code"); return }
            #expect(firstChannel.isEmailType)
            guard case .awaitingMFA(let methods, let awaiting) = await code.submitCode(code: "12345678") else {
                Issue.record("expected the email code to be followed by the second factor"); return
            }
            #expect(methods.map(\.channelTargetType.value) == ["sms"])
            #expect(methods.first?.loginHint == "+1*********1")
            let (state, sentTo, channel) = try Self.sent(await awaiting.requestChallenge(authMethod: methods[0]))
            #expect(channel.isSMSType)
            #expect(sentTo == "+1*********1")
            guard case .completed(let result) = await state.submitChallenge(challenge: "12345678") else {
                Issue.record("expected the sign-in to complete"); return
            }
            #expect(result.account.username == EmulatorHarness.smsUser)
            let paths = try await harness.requestLog().compactMap { $0["path"] as? String }
            #expect(paths.suffix(4).map { String($0.split(separator: "/").last ?? "") } == ["token", "introspect", "challenge", "token"], "\(paths)")
        }
    }

    @Test func withoutTheCapabilityTheDemoEmailCodeUserIsBrowserRequired() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app(capabilities: [])
            guard case .codeRequired(let code, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.smsUser)),
                  case .error(let error, _) = await code.submitCode(code: "12345678")
            else { Issue.record("expected the code to end in an error"); return }
            #expect(error.isBrowserRequired)
        }
    }
}
