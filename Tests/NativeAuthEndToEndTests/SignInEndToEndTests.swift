import Foundation
@testable import NativeAuth
import Testing

/// The library's sign-in flows against the emulator, over real loopback HTTP.
@Suite struct SignInEndToEndTests {
    @Test func otpSignInCompletesWithClaimsFromTheIDToken() async throws {
        try await EmulatorHarness.run() { harness in
            let app = try harness.app([.OOB])

            guard case .codeRequired(let state, let sentTo, let channel, let length) =
                await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected a code"); return }
            #expect(sentTo == "a***e@e*****e.com")
            #expect(channel.isEmailType)
            #expect(length == 8)

            guard case .completed(let result) = await state.submitCode(code: "12345678") else {
                Issue.record("expected sign-in"); return
            }
            #expect(result.account.username == EmulatorHarness.alice)
            #expect(result.account.accountClaims?["preferred_username"] as? String == EmulatorHarness.alice)
            #expect(try app.currentAccount()?.account.identifier == result.account.identifier)
            #expect(try harness.store.read().storedAccounts.first?.refreshToken != nil)
        }
    }

    @Test func passwordGivenAtStartSignsInWithoutAskingAgain() async throws {
        try await EmulatorHarness.run() { harness in
            let parameters = NativeAuthSignInParameters(username: EmulatorHarness.bob)
            parameters.password = EmulatorHarness.bobPassword
            guard case .completed(let result) = try await harness.app().signIn(parameters: parameters) else {
                Issue.record("expected sign-in"); return
            }
            #expect(result.account.accountClaims?["name"] as? String == "Bob Example")
        }
    }

    @Test func wrongPasswordHandsTheSameStateBackAndTheRightOneSignsIn() async throws {
        try await EmulatorHarness.run() { harness in
            guard case .passwordRequired(let state) =
                try await harness.app().signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.bob))
            else { Issue.record("expected a password prompt"); return }

            guard case .error(let error, let retry) = await state.submitPassword(password: "wrong") else {
                Issue.record("expected an error"); return
            }
            #expect(error.isInvalidPassword)
            #expect(error.errorCodes == [50126])
            #expect(retry === state)
            guard case .completed = await state.submitPassword(password: EmulatorHarness.bobPassword) else {
                Issue.record("expected sign-in"); return
            }
        }
    }

    @Test func wrongCodeThenRightCode() async throws {
        try await EmulatorHarness.run() { harness in
            guard case .codeRequired(let state, _, _, _) =
                try await harness.app([.OOB]).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected a code"); return }

            guard case .error(let error, let retry) = await state.submitCode(code: "00000000") else {
                Issue.record("expected an error"); return
            }
            #expect(error.isInvalidCode)
            #expect(retry === state)
            guard case .completed = await state.submitCode(code: "12345678") else {
                Issue.record("expected sign-in"); return
            }
            // The state moved the flow on: it is used up and sends nothing.
            guard case .error(let used, nil) = await state.submitCode(code: "12345678") else {
                Issue.record("expected a local error"); return
            }
            #expect(used.isStateAlreadyUsed)
        }
    }

    @Test func resendIssuesANewCodeAndTheOldOneStopsWorking() async throws {
        try await EmulatorHarness.run(fixedCode: nil) { harness in
            guard case .codeRequired(let first, _, _, _) =
                try await harness.app([.OOB]).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected a code"); return }
            let oldCode = try #require(try await harness.codes(for: EmulatorHarness.alice).last)

            guard case .codeRequired(let second, let sentTo, _, let length) = await first.resendCode() else {
                Issue.record("expected a new code"); return
            }
            #expect(sentTo == "a***e@e*****e.com")
            #expect(length == 8)
            let codes = try await harness.codes(for: EmulatorHarness.alice)
            #expect(codes.count == 2)
            let newCode = try #require(codes.last)

            if oldCode != newCode {
                guard case .error(let error, _) = await second.submitCode(code: oldCode) else {
                    Issue.record("the old code still worked"); return
                }
                #expect(error.isInvalidCode)
            }
            guard case .completed = await second.submitCode(code: newCode) else {
                Issue.record("expected sign-in"); return
            }
            guard case .error(let used, _) = await first.submitCode(code: newCode) else {
                Issue.record("the replaced state still worked"); return
            }
            #expect(used.isStateAlreadyUsed)
        }
    }

    @Test func unknownUserIsReported() async throws {
        try await EmulatorHarness.run() { harness in
            guard case .error(let error) =
                try await harness.app().signIn(parameters: NativeAuthSignInParameters(username: "nobody@example.com"))
            else { Issue.record("expected an error"); return }
            #expect(error.isUserNotFound)
            #expect(error.errorCodes == [50034])
        }
    }

    @Test func otpSignInForAPasswordAccountRequiresABrowser() async throws {
        try await EmulatorHarness.run() { harness in
            guard case .error(let error) =
                try await harness.app([.OOB]).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.bob))
            else { Issue.record("expected an error"); return }
            #expect(error.isBrowserRequired)
        }
    }

    /// The code expires (after 60 s here) while the flow's continuation token (600 s) is still good:
    /// the right code is refused as an invalid code, the state is handed back, and a new code works.
    @Test func anExpiredCodeCannotBeUsed() async throws {
        try await EmulatorHarness.run(configure: { $0.codeLifetime = 60; $0.continuationTokenLifetime = 600 }) { harness in
            guard case .codeRequired(let state, _, _, _) =
                try await harness.app([.OOB]).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected a code"); return }
            try await harness.advanceClock(seconds: 120)
            guard case .error(let error, let retry) = await state.submitCode(code: "12345678") else {
                Issue.record("an expired code signed in"); return
            }
            #expect(error.isInvalidCode)
            #expect(error.serverError == "invalid_grant")
            #expect(error.serverSubError == "invalid_oob_value")
            #expect(error.errorCodes == [50181])
            #expect(error.errorDescription?.hasPrefix("AADSTS50181: The code has expired.") == true)
            #expect(retry === state)
            guard case .codeRequired(let fresh, _, _, _) = await state.resendCode() else { Issue.record("no new code"); return }
            guard case .completed = await fresh.submitCode(code: "12345678") else { Issue.record("the new code failed"); return }
        }
    }

    /// Past the continuation token's lifetime the flow itself is over: expired_token, no state.
    @Test func anExpiredFlowEndsWithExpiredToken() async throws {
        try await EmulatorHarness.run(configure: { $0.codeLifetime = 600; $0.continuationTokenLifetime = 300 }) { harness in
            guard case .codeRequired(let state, _, _, _) =
                try await harness.app([.OOB]).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected a code"); return }
            try await harness.advanceClock(seconds: 301)
            guard case .error(let error, let retry) = await state.submitCode(code: "12345678") else {
                Issue.record("an expired flow signed in"); return
            }
            #expect(error.serverError == "expired_token")
            #expect(error.errorCodes == [552003])
            #expect(!error.isInvalidCode && !error.isServerUnavailable)
            #expect(retry == nil)
        }
    }

    @Test func aServerFailureIsRetriedOnce() async throws {
        try await EmulatorHarness.run() { harness in
            try await harness.queueFault(endpoint: "initiate", status: 503)
            guard case .codeRequired = try await harness.app([.OOB]).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("the retry did not happen"); return }
            let initiates = try await harness.requestLog().filter { ($0["path"] as? String)?.hasSuffix("/initiate") == true }
            #expect(initiates.count == 2)
        }
    }
}
