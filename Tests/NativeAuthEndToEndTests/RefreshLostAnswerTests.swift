import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Synchronization
import Testing

/// Issue 9, item 12: a refresh whose answer is lost is not sent again blindly (the server may have
/// spent the refresh token), and a later 70000 says the session may have been rotated by that lost answer.
@Suite struct RefreshLostAnswerTests {
    /// Delivers every request, but loses the answer to the next refresh-token grant after `arm()`:
    /// the server has the request, the client sees the connection drop.
    final class LosingTransport: HTTPTransport {
        let next: any HTTPTransport
        private let armed = Mutex(false)

        init(_ next: any HTTPTransport) { self.next = next }

        func arm() { armed.withLock { $0 = true } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await next.send(request)
            let isRefresh = String(decoding: request.body, as: UTF8.self).contains("grant_type=refresh_token")
            if isRefresh, armed.withLock({ value in defer { value = false }; return value }) {
                throw HTTPTransportError("127.0.0.1: the connection was lost before a complete response arrived.", isTransient: true)
            }
            return response
        }
    }

    private func signedIn(_ harness: EmulatorHarness, _ transport: LosingTransport) async throws -> NativeAuthUserAccountResult {
        let app = try harness.app([.OOB], transport: transport)
        guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice)),
              case .completed(let result) = await state.submitCode(code: "12345678")
        else { throw HarnessError("sign-in failed") }
        return result
    }

    private func tokenRequests(_ harness: EmulatorHarness) async throws -> Int {
        try await harness.requestLog().filter { ($0["path"] as? String)?.hasSuffix("/token") == true }.count
    }

    @Test func aLostRefreshAnswerIsNotResentAndTheGraceKeepsTheSession() async throws {
        try await EmulatorHarness.run { harness in
            let transport = LosingTransport(CurlTransport())
            let account = try await signedIn(harness, transport)
            let before = try await tokenRequests(harness)
            transport.arm()
            let forced = NativeAuthGetAccessTokenParameters(forceRefresh: true)
            do {
                _ = try await account.getAccessToken(parameters: forced)
                Issue.record("the lost answer was replaced by a blind resend")
            } catch let error as RetrieveAccessTokenError {
                #expect(error.isServerUnavailable)
            }
            #expect(try await tokenRequests(harness) == before + 1, "the refresh was sent again after it reached the server")
            #expect(try harness.store.read().storedAccounts.first?.refreshAnswerLostAt != nil)
            // Asking again soon presents the same token: the server's grace answers with the same successor.
            let token = try await account.getAccessToken(parameters: forced)
            #expect(!token.accessToken.isEmpty)
            #expect(try harness.store.read().storedAccounts.first?.refreshAnswerLostAt == nil)
        }
    }

    @Test func aLater70000SaysTheLostAnswerMayHaveRotatedTheSession() async throws {
        try await EmulatorHarness.run { harness in
            let transport = LosingTransport(CurlTransport())
            let account = try await signedIn(harness, transport)
            transport.arm()
            let forced = NativeAuthGetAccessTokenParameters(forceRefresh: true)
            _ = try? await account.getAccessToken(parameters: forced)
            harness.emulator.advanceClock(by: 120)  // past the server's reuse grace
            do {
                _ = try await account.getAccessToken(parameters: forced)
                Issue.record("a refresh token spent by a lost answer was accepted after the grace")
            } catch let error as RetrieveAccessTokenError {
                #expect(error.isRefreshTokenExpired)
                #expect(error.errorDescription?.contains("may have been rotated by a lost answer") == true, "\(error.errorDescription ?? "")")
                #expect(error.errorDescription?.contains("sign in again") == true)
            }
        }
    }

    @Test func aRefreshThatNeverReachedTheServerIsStillRetried() async throws {
        let policy = RetryPolicy.default
        let refused = HTTPTransportError("refused", isTransient: true, mayHaveReachedServer: false)
        let lost = HTTPTransportError("lost", isTransient: true)
        #expect(policy.delayBeforeRetry(after: .failure(refused), replayable: false) != nil)
        #expect(policy.delayBeforeRetry(after: .failure(lost), replayable: false) == nil)
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 503)), replayable: false) == nil)
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 503)), replayable: true) != nil)
        #expect(policy.delayBeforeRetry(after: .failure(lost), replayable: true) != nil)
    }
}
