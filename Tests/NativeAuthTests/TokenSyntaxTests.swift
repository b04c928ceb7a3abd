import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// A `/token` answer whose access or ID token holds anything outside RFC 6750's `b64token` (a refresh
/// token: anything but visible ASCII)
/// is an invalid answer: the sign-in or refresh fails and nothing is stored (so nothing is printed).
@Suite struct TokenSyntaxTests {
    /// What the outside review sent (a colour escape, a line feed and a header after it), and others.
    static let hostile = [
        "eyJ\u{1b}[31mAT\nX-Injected: 1", "abc\r\ndef", "abc def", "abc\u{2028}def", "abc\u{7f}", "t\u{e9}st", "", "\t",
    ]
    /// Visible ASCII that a bearer token (access, ID) may not hold but a refresh token may.
    static let notBearer = ["a=b", "==", "a\"b", "a,b", "M.C5_BAY.0.U.-Cp*!x$y"]

    private enum Field: CaseIterable { case access, refresh, id }

    /// A server whose first `/token` answer (the sign-in's) carries `signIn`'s tokens, and every
    /// refresh's answer `refresh`'s.
    private static func transport(signIn: [String: String], refresh: [String: String] = [:]) -> ScriptedTransport {
        ScriptedTransport { request, form in
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1"}"#)
            case "challenge": return ScriptedTransport.json(200, #"{"continuation_token":"CT2","challenge_type":"password"}"#)
            case "token":
                var fields = ["token_type": "Bearer", "scope": "openid profile offline_access", "access_token": "AT0",
                              "refresh_token": "RT0", "id_token": FakeTokens.idToken()]
                fields.merge(form["grant_type"] == "refresh_token" ? refresh : signIn) { _, new in new }
                var object: [String: Any] = fields
                object["expires_in"] = 3600
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                    body: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            default: return HTTPResponse(status: 404)
            }
        }
    }

    private static func key(_ field: Field) -> String {
        switch field {
        case .access: return "access_token"
        case .refresh: return "refresh_token"
        case .id: return "id_token"
        }
    }

    private static func signIn(_ transport: ScriptedTransport, store: InMemoryTokenStore, clock: ManualClock = ManualClock())
        async throws -> SignInPasswordRequiredResult
    {
        let app = try MockServer.app(transport, challengeTypes: [.password], store: store, clock: clock)
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).passwordRequired)
        return await state.submitPassword(password: "secret")
    }

    @Test(arguments: hostile)
    func aSignInWhoseTokensAreNotTokensFailsAndStoresNothing(token: String) async throws {
        for field in Field.allCases {
            let store = InMemoryTokenStore()
            let result = try await Self.signIn(Self.transport(signIn: [Self.key(field): token]), store: store)
            let error = try #require(result.error, "\(Self.key(field)) = \(token.debugDescription) is refused")
            #expect(error.error.errorDescription?.contains(Self.key(field)) == true, "the message names the field: \(error.error)")
            #expect(error.error.httpStatus == 200)
            #expect(try store.read() == TokenStoreContents(), "nothing is stored")
        }
    }

    @Test func aRefreshWhoseTokensAreNotTokensFailsAndKeepsTheStoredOnes() async throws {
        for field in [Field.access, .refresh] {
            let clock = ManualClock()
            let store = InMemoryTokenStore()
            let transport = Self.transport(signIn: [:], refresh: [Self.key(field): "eyJ\u{1b}[31mAT\nX-Injected: 1"])
            let account = try #require(await Self.signIn(transport, store: store, clock: clock).completed)
            let stored = try store.read()
            clock.advance(by: 4000)
            await #expect(throws: RetrieveAccessTokenError.self) { try await account.getAccessToken() }
            #expect(try store.read() == stored, "the refresh's answer changed nothing in the store")
            _ = try? await account.getAccessToken()
            let lastRefresh = FormFields.dictionary(try #require(transport.requests(to: "/token").last).body)
            #expect(lastRefresh["refresh_token"] == "RT0", "the next refresh still spends the stored refresh token")
        }
    }

    @Test(arguments: notBearer)
    func visibleASCIIIsARefreshTokenButNotABearerToken(token: String) async throws {
        for field in [Field.access, .id] {
            let result = try await Self.signIn(Self.transport(signIn: [Self.key(field): token]), store: InMemoryTokenStore())
            #expect(result.error != nil, "\(Self.key(field)) = \(token.debugDescription) is refused")
        }
        let store = InMemoryTokenStore()
        #expect(try await Self.signIn(Self.transport(signIn: ["refresh_token": token]), store: store).completed != nil,
                "refresh_token = \(token.debugDescription) is a refresh token")
        #expect(try store.read().storedAccounts.first?.refreshToken == token)
    }

    @Test func everyTokenCharacterIsAccepted() async throws {
        let store = InMemoryTokenStore()
        let token = "ABCXYZabcxyz0189-._~+/=="
        let account = try #require(await Self.signIn(Self.transport(signIn: ["access_token": token, "refresh_token": "0.Ab~c+/x="]),
                                                     store: store).completed)
        #expect(try await account.getAccessToken().accessToken == token)
    }

    @Test func v2ReadsTheSameTokenAnswer() {
        let body = Data(#"{"token_type":"Bearer","expires_in":3600,"access_token":"eyJ\u001b[31mAT\nX-Injected: 1","refresh_token":"RT0"}"#.utf8)
        let outcome = WireClient.classifyJourney(HTTPResponse(status: 200, body: body), as: TokenResponse.self)
        guard case .rejected(.unavailable(let failure)) = outcome, case .undecodableBody(200, _) = failure.kind else {
            Issue.record("V2's token answer with a control in its access token is unreadable: \(outcome)")
            return
        }
    }
}
