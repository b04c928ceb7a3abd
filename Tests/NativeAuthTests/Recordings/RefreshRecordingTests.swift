import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: refresh")
struct RefreshRecordingTests {
    private func signIn(_ fixture: ReplayFixture) async throws -> NativeAuthUserAccountResult {
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)
        return try #require(await state.submitCode(code: Recorded.code).completed)
    }

    @Test("Refresh rotates the refresh token; the next refresh sends the new one")
    func refreshRotation() async throws {
        let fixture = try ReplayFixture("RefreshRotation")
        let account = try await signIn(fixture)

        let second = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        #expect(second.accessToken == "fake-access-token-2")
        #expect(try fixture.store.read().storedAccounts.first?.refreshToken == "fake-refresh-token-2")

        let third = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        #expect(third.accessToken == "fake-access-token-3")
        #expect(try fixture.store.read().storedAccounts.first?.refreshToken == "fake-refresh-token-3")

        // The cached token is now served without a request (the recording has no further step).
        let cached = try await account.getAccessToken()
        #expect(cached.accessToken == "fake-access-token-3")
        try fixture.transport.assertAllUsed()
    }

    @Test("invalid_grant on refresh is isRefreshTokenExpired")
    func refreshRejected() async throws {
        let fixture = try ReplayFixture("RefreshRejected")
        let account = try await signIn(fixture)
        let error = try await #require(throws: RetrieveAccessTokenError.self) {
            try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        }
        #expect(error.isRefreshTokenExpired)
        #expect(error.errorCodes == [70008])
        try fixture.transport.assertAllUsed()
    }

    @Test("Without a refresh_token, a refresh fails locally with isRefreshTokenExpired and sends nothing")
    func noRefreshToken() async throws {
        let fixture = try ReplayFixture("NoRefreshToken")
        let account = try await signIn(fixture)
        #expect(try fixture.store.read().storedAccounts.first?.refreshToken == nil)
        let requestsBefore = fixture.transport.requests.count

        let error = try await #require(throws: RetrieveAccessTokenError.self) {
            try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        }
        #expect(error.isRefreshTokenExpired)
        #expect(error.errorCodes.isEmpty)
        #expect(fixture.transport.requests.count == requestsBefore)
        try fixture.transport.assertAllUsed()
    }
}
