import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Access-token cache and refresh")
struct AccessTokenCacheTests {
    private func signedIn(_ transport: ScriptedTransport, clock: ManualClock) async throws -> NativeAuthUserAccountResult {
        let app = try MockServer.app(transport, clock: clock)
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        return try #require(await state.submitCode(code: "12345678").completed)
    }

    private func refreshCount(_ transport: ScriptedTransport) -> Int {
        transport.requests(to: "/token").filter { FormFields.dictionary($0.body)["grant_type"] == "refresh_token" }.count
    }

    @Test("A token with more than five minutes left is returned from the cache without a request")
    func cachedWhileValid() async throws {
        let clock = ManualClock()
        let transport = MockServer.transport(expiresIn: 3600)
        let account = try await signedIn(transport, clock: clock)
        let sent = transport.requestCount
        clock.advance(by: 3600 - 301)
        let token = try await account.getAccessToken()
        #expect(token.accessToken == "fake-access-0")
        #expect(token.expiresOn == clock.now.addingTimeInterval(301))
        #expect(transport.requestCount == sent)
    }

    @Test("A token within the five-minute margin is refreshed")
    func refreshedWithinMargin() async throws {
        let clock = ManualClock()
        let transport = MockServer.transport(expiresIn: 3600)
        let account = try await signedIn(transport, clock: clock)
        clock.advance(by: 3600 - 299)
        let token = try await account.getAccessToken()
        #expect(token.accessToken == "fake-access-1")
        #expect(refreshCount(transport) == 1)
        let sentForm = FormFields.dictionary(try #require(transport.requests.last).body)
        #expect(sentForm["refresh_token"] == "fake-refresh-0")
    }

    @Test("1,000 concurrent getAccessToken calls on an expired token send exactly one request")
    func concurrentCallersShareOneRefresh() async throws {
        let clock = ManualClock()
        let gate = RequestGate(isOpen: true)
        let transport = MockServer.transport(gate: gate, expiresIn: 3600)
        let account = try await signedIn(transport, clock: clock)
        clock.advance(by: 4000)

        gate.close()  // the refresh waits at the server while the callers pile up
        let tokens = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try? await account.getAccessToken().accessToken }
            }
            await gate.waitForHeld(1)
            gate.open()
            var collected: [String?] = []
            for await token in group { collected.append(token) }
            return collected
        }
        #expect(tokens.count == 1_000)
        #expect(Set(tokens) == ["fake-access-1"])
        #expect(refreshCount(transport) == 1)
    }

    @Test("Without scopes, the token is for the sign-in's scopes, never another API's cached token")
    func defaultScopesAreTheSignInScopes() async throws {
        let clock = ManualClock()
        let transport = MockServer.transport()
        let account = try await signedIn(transport, clock: clock)
        let signInToken = try await account.getAccessToken().accessToken
        #expect(signInToken == "fake-access-0")

        clock.advance(by: 60)  // so the API token expires later than the sign-in's
        let api = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(scopes: ["api://contoso/Data.Read"]))
        #expect(api.accessToken == "fake-access-1")
        let refreshForm = FormFields.dictionary(try #require(transport.requests(to: "/token").last).body)
        #expect(refreshForm["scope"] == "api://contoso/Data.Read openid profile offline_access")

        #expect(try await account.getAccessToken().accessToken == "fake-access-0")
        let again = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(scopes: ["api://contoso/Data.Read"]))
        #expect(again.accessToken == "fake-access-1")
        #expect(refreshCount(transport) == 1)
    }
}
