import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// `introspect_required` at the sign-in's `/oauth2/v2.0/challenge` (the user has no default second
/// factor, docs/PROTOCOL.md §9.1): the library lists the methods (`/oauth2/v2.0/introspect`) and goes
/// on to the method choice, the awaitingMFA outcome (the transport seam: a scripted server).
@Suite("introspect_required goes on to the method choice")
struct IntrospectRequiredTests {
    private static func transport() -> ScriptedTransport {
        ScriptedTransport { request, form in
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#)
            case "challenge" where form["id"] == nil:
                return ScriptedTransport.json(400, """
                    {"error":"invalid_request","suberror":"introspect_required","error_description":"The user has no default strong authentication method.",
                     "error_codes":[],"continuation_token":"CT2-mock"}
                    """)
            case "introspect" where form["continuation_token"] == "CT2-mock":
                return ScriptedTransport.json(200, """
                    {"continuation_token":"CT3-mock","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"u***r@e*****e.com"}]}
                    """)
            case "challenge" where form["continuation_token"] == "CT3-mock" && form["id"] == "m-email":
                return ScriptedTransport.json(200, """
                    {"continuation_token":"CT4-mock","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email",
                     "challenge_target_label":"u***r@e*****e.com","code_length":8}
                    """)
            case "token" where form["grant_type"] == "mfa_oob" && form["continuation_token"] == "CT4-mock":
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: 3600))
            default: return HTTPResponse(status: 404)
            }
        }
    }

    private static func app(_ transport: ScriptedTransport, capabilities: NativeAuthCapabilities) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(
            clientId: MockServer.clientId, authority: MockServer.authority, challengeTypes: [.OOB, .password],
            capabilities: capabilities, transport: transport, tokenStore: InMemoryTokenStore(),
            retryPolicy: RetryPolicy(serverErrorDelay: .zero, maximumRetryAfter: .zero), clock: ManualClock())
    }

    @Test("With mfa_required advertised: the methods are listed with the answer's token, then the chosen one signs in")
    func listsTheMethods() async throws {
        let transport = Self.transport()
        let app = try Self.app(transport, capabilities: [.mfaRequired])
        let list = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).awaitingMFA)
        #expect(list.methods.map(\.id) == ["m-email"])
        #expect(transport.requests(to: "/introspect").count == 1)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        _ = try #require(await sent.state.submitChallenge(challenge: "12345678").completed)
    }

    @Test("Without the capability it is browser required, and nothing is listed")
    func withoutTheCapability() async throws {
        let transport = Self.transport()
        let app = try Self.app(transport, capabilities: [])
        let error = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).error)
        #expect(error.isBrowserRequired)
        #expect(transport.requests(to: "/introspect").isEmpty)
    }
}
