import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Testing

/// The library's password reset against the emulator, over real loopback HTTP.
@Suite struct ResetPasswordEndToEndTests {
    private static let newPassword = "N3w-Passw0rd!"

    private static func codeState(_ app: NativeAuthPublicClientApplication, _ username: String = EmulatorHarness.bob) async throws
        -> ResetPasswordCodeRequiredState
    {
        let result = await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: username))
        guard case .codeRequired(let state, let sentTo, _, let length) = result else { throw HarnessError("expected a code, got \(result)") }
        #expect(sentTo == "b*b@e*****e.com")
        #expect(length == 8)
        return state
    }

    private static func passwordState(_ app: NativeAuthPublicClientApplication) async throws -> ResetPasswordRequiredState {
        guard case .passwordRequired(let state) = try await codeState(app).submitCode(code: "12345678") else {
            throw HarnessError("expected the password step")
        }
        return state
    }

    /// A password sign-in of Bob on `app`.
    private static func signIn(_ app: NativeAuthPublicClientApplication, _ password: String) async -> SignInStartResult {
        let parameters = NativeAuthSignInParameters(username: EmulatorHarness.bob)
        parameters.password = password
        return await app.signIn(parameters: parameters)
    }

    @Test func resetThenSignInAndOldRefreshTokensAreRevoked() async throws {
        try await EmulatorHarness.run(configure: { $0.passwordResetPendingPolls = 2; $0.passwordResetPollInterval = 3 }) { harness in
            // A session from before the reset, in a store of its own (another device).
            let otherDevice = try NativeAuthPublicClientApplication(
                clientId: EmulatorConfiguration.defaultClientId, authority: harness.emulator.authority,
                challengeTypes: [.OOB, .password], tokenStore: InMemoryTokenStore(), clock: ManualClock(start: Date()))
            guard case .completed(let oldSession) = await Self.signIn(otherDevice, EmulatorHarness.bobPassword) else {
                Issue.record("expected Bob to sign in before the reset"); return
            }
            _ = try await oldSession.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))

            let clock = ManualClock(start: Date())
            let app = try harness.app([.OOB], clock: clock)
            let code = try await Self.codeState(app)
            guard case .error(let wrong, let retry) = await code.submitCode(code: "00000000") else { Issue.record("expected a wrong code"); return }
            #expect(wrong.isInvalidCode)
            #expect(retry === code)
            guard case .passwordRequired(let password) = await code.submitCode(code: "12345678") else { Issue.record("expected the password step"); return }

            guard case .error(let reused, let again) = await password.submitPassword(password: EmulatorHarness.bobPassword) else {
                Issue.record("expected the current password to be refused"); return
            }
            #expect(reused.isInvalidPassword)
            #expect(reused.serverSubError == "password_recently_used")
            #expect(again === password)
            guard case .completed(let reset) = await password.submitPassword(password: Self.newPassword) else {
                Issue.record("expected the reset to complete"); return
            }
            #expect(clock.sleeps == [.seconds(3), .seconds(3)], "two in_progress polls, each followed by the server's poll_interval")

            let parameters = NativeAuthSignInAfterResetPasswordParameters()
            parameters.scopes = ["api://demo/Data.Read"]
            guard case .completed(let result) = await reset.signIn(parameters: parameters) else { Issue.record("expected the sign-in after the reset"); return }
            #expect(result.account.username == EmulatorHarness.bob)
            #expect(try app.currentAccount()?.account.identifier == result.account.identifier)
            #expect(try await result.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true)).scopes.contains("api://demo/Data.Read"))

            // Old refresh tokens are revoked: the other device's session is over.
            do {
                _ = try await oldSession.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
                Issue.record("a refresh token issued before the reset still works")
            } catch let error as RetrieveAccessTokenError {
                #expect(error.isRefreshTokenExpired)
                #expect(error.errorCodes == [70000])
            }
            // The old password fails, the new one works.
            guard case .error(let old) = await Self.signIn(otherDevice, EmulatorHarness.bobPassword) else { Issue.record("the old password worked"); return }
            #expect(old.isInvalidCredentials)
            guard case .completed = await Self.signIn(otherDevice, Self.newPassword) else { Issue.record("the new password failed"); return }
        }
    }

    @Test func whoCannotResetAndThePolicy() async throws {
        try await EmulatorHarness.run { harness in
            let app = try harness.app([.OOB])
            guard case .error(let unknown) = await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "nobody@example.com")),
                  case .error(let otp) = await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: EmulatorHarness.alice)),
                  case .error(let browser) = await (try harness.app([.password])).resetPassword(parameters: NativeAuthResetPasswordParameters(username: EmulatorHarness.bob))
            else { Issue.record("expected three refusals"); return }
            #expect(unknown.isUserNotFound)
            #expect(otp.isUserDoesNotHavePassword)
            #expect(otp.errorCodes == [500222])
            #expect(browser.isBrowserRequired)

            let password = try await Self.passwordState(app)
            for (candidate, rule) in [("Ab1!", "password_too_short"), ("alllowercase", "password_too_weak"), ("Password123!", "password_banned")] {
                guard case .error(let refused, let next) = await password.submitPassword(password: candidate) else {
                    Issue.record("expected \(rule)"); return
                }
                #expect(refused.isInvalidPassword)
                #expect(refused.serverSubError == rule)
                #expect(next === password)
            }
        }
    }

    @Test func resendTheAttemptLimitAndExpiry() async throws {
        try await EmulatorHarness.run(fixedCode: nil) { harness in
            let app = try harness.app([.OOB])
            let first = try await Self.codeState(app)
            guard case .codeRequired(let resent, _, _, _) = await first.resendCode() else { Issue.record("expected a new code"); return }
            let code = try #require(try harness.emulator.latestCode(for: EmulatorHarness.bob))
            guard case .passwordRequired(let password) = await resent.submitCode(code: code) else { Issue.record("the resent code failed"); return }

            harness.emulator.advanceClock(by: 601)
            guard case .error(let expired, let none) = await password.submitPassword(password: Self.newPassword) else {
                Issue.record("expected the token to have expired"); return
            }
            #expect(expired.serverError == "expired_token")
            #expect(none == nil)

            let locked = try await Self.codeState(app)
            for _ in 1...4 {
                guard case .error(let wrong, _) = await locked.submitCode(code: "00000000") else { Issue.record("a wrong code passed"); return }
                #expect(wrong.isInvalidCode)
            }
            guard case .error(let last, let after) = await locked.submitCode(code: "00000000") else { Issue.record("a wrong code passed"); return }
            #expect(!last.isInvalidCode)
            #expect(last.errorCodes == [50053])
            #expect(after == nil)
        }
    }

    @Test func aFailedPollAndAnUnfinishedResetEndTheFlowWithoutChangingThePassword() async throws {
        try await EmulatorHarness.run(configure: { $0.passwordResetPendingPolls = 1000; $0.passwordResetPollInterval = 60 }) { harness in
            let clock = ManualClock(start: Date())
            let app = try harness.app([.OOB], clock: clock)
            guard case .error(let unfinished, let none) = try await Self.passwordState(app).submitPassword(password: Self.newPassword) else {
                Issue.record("expected the wait to run out"); return
            }
            // The server's 60 s interval is taken as the library's longest, 30 s; the waits stop at 120 s in all.
            #expect(unfinished.errorDescription?.contains("had not completed the password reset after 5 polls over 120 s") == true)
            #expect(none == nil)
            #expect(clock.sleeps == Array(repeating: .seconds(30), count: 4))

            try await harness.queueFault(["endpoint": "resetpassword/poll_completion", "status": 200, "body": #"{"status":"failed"}"#])
            guard case .error(let failed, let noState) = try await Self.passwordState(app).submitPassword(password: Self.newPassword) else {
                Issue.record("expected the failed status"); return
            }
            #expect(failed.errorDescription?.contains("'failed'") == true)
            #expect(noState == nil)
            guard case .completed = await Self.signIn(try harness.app([.password]), EmulatorHarness.bobPassword) else {
                Issue.record("the password changed"); return
            }
        }
    }
}
