import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// Access tokens, refresh and rotation against the emulator.
@Suite struct TokenEndToEndTests {
    private func signIn(_ harness: EmulatorHarness, clock: any NativeAuthClock = SystemClock()) async throws
        -> (NativeAuthPublicClientApplication, NativeAuthUserAccountResult)
    {
        let app = try harness.app([.OOB], clock: clock)
        guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice)),
              case .completed(let result) = await state.submitCode(code: "12345678")
        else { throw HarnessError("sign-in failed") }
        return (app, result)
    }

    /// MSAL's `returnRefreshToken` (issue 35, item 11): the refresh token only when asked, and the one
    /// the store holds after the call (the rotated one after a refresh).
    @Test func theRefreshTokenIsReturnedOnlyWhenAskedAndIsTheStoredOne() async throws {
        try await EmulatorHarness.run() { harness in
            let (_, result) = try await signIn(harness)
            #expect(try await result.getAccessToken().refreshToken == nil)
            let asked = NativeAuthGetAccessTokenParameters()
            asked.returnRefreshToken = true
            let cached = try await result.getAccessToken(parameters: asked)
            let stored = try harness.store.read().storedAccounts[0].refreshToken
            #expect(cached.refreshToken != nil && cached.refreshToken == stored)
            asked.forceRefresh = true
            let refreshed = try await result.getAccessToken(parameters: asked)
            let rotated = try harness.store.read().storedAccounts[0].refreshToken
            #expect(refreshed.refreshToken == rotated && rotated != stored)
        }
    }

    @Test func cachedTokenIsServedWithoutARequestThenRefreshRotates() async throws {
        try await EmulatorHarness.run() { harness in
            let (_, result) = try await signIn(harness)
            let before = try harness.store.read().storedAccounts[0]

            let cached = try await result.getAccessToken()
            #expect(cached.accessToken == before.accessTokens.last?.token)

            let refreshed = try await result.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
            let after = try harness.store.read().storedAccounts[0]
            #expect(refreshed.accessToken != cached.accessToken)
            #expect(after.refreshToken != nil)
            #expect(after.refreshToken != before.refreshToken)

            // The rotated-away refresh token is refused by the server, once its reuse grace is over.
            harness.emulator.advanceClock(by: 61)
            try harness.store.modify { contents in
                var account = contents.storedAccounts[0]
                account.refreshToken = before.refreshToken
                contents.upsert(account)
            }
            do {
                _ = try await result.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
                Issue.record("a reused refresh token was accepted")
            } catch let error as RetrieveAccessTokenError {
                #expect(error.isRefreshTokenExpired)
            }
        }
    }

    @Test func concurrentCallersOnAnExpiredTokenShareOneRefresh() async throws {
        try await EmulatorHarness.run() { harness in
            let clock = ManualClock(start: Date())
            let (_, result) = try await signIn(harness, clock: clock)
            clock.advance(by: 2 * 3600)
            let tokenRequestsBefore = try await harness.requestLog().count { ($0["path"] as? String)?.hasSuffix("/token") == true }

            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<200 {
                    group.addTask { try await result.getAccessToken().accessToken }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            let tokenRequestsAfter = try await harness.requestLog().count { ($0["path"] as? String)?.hasSuffix("/token") == true }
            #expect(tokens.count == 1)
            #expect(tokenRequestsAfter - tokenRequestsBefore == 1)
        }
    }

    @Test func signOutRemovesTheAccountAndItsTokens() async throws {
        try await EmulatorHarness.run() { harness in
            let (app, result) = try await signIn(harness)
            result.signOut()
            #expect(app.getNativeAuthUserAccount() == nil)
            #expect(try harness.store.read().storedAccounts.isEmpty)
            do {
                _ = try await result.getAccessToken()
                Issue.record("a signed-out account produced a token")
            } catch let error as RetrieveAccessTokenError {
                #expect(error.isNoAccount)
            }
        }
    }
}
