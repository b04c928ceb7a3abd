import Foundation
import NativeAuth
import NativeAuthTestSupport
import Synchronization
import Testing

/// The strong-auth steps against a scripted server (the transport seam): what a failure with no
/// answer does at each step, and the fields the library sends.
@Suite("Strong auth: failures with no answer, and the requests")
struct StrongAuthLocalTests {
    private static let methods = """
        {"continuation_token":"CT4-mock","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"u***r@e*****e.com"}]}
        """
    private static let codeSent = """
        {"continuation_token":"CT5-mock","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email",
         "challenge_target_label":"u***r@e*****e.com","code_length":8}
        """

    /// A password account that `/token` answers `mfa_required`; each step (`introspect`,
    /// `mfa-challenge`: the challenge with an `id`, a grant by its type) answers as `answer` says
    /// (nil: the normal answer).
    private static func transport(_ answer: @escaping @Sendable (String) -> HTTPResponse?) -> ScriptedTransport {
        ScriptedTransport { request, form in
            let last = request.url.lastPathComponent
            let step = last == "token" ? (form["grant_type"] ?? "") : (last == "challenge" && form["id"] != nil ? "mfa-challenge" : last)
            if let scripted = answer(step) { return scripted }
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#)
            case "challenge" where form["id"] == nil:
                return ScriptedTransport.json(200, #"{"continuation_token":"CT2-mock","challenge_type":"password"}"#)
            case "challenge": return ScriptedTransport.json(200, codeSent)
            case "introspect": return ScriptedTransport.json(200, methods)
            case "token" where form["grant_type"] == "password":
                return ScriptedTransport.json(400, #"{"error":"invalid_grant","suberror":"mfa_required","error_codes":[50076],"continuation_token":"CT3-mock"}"#)
            case "token": return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: 3600))
            default: return HTTPResponse(status: 404)
            }
        }
    }

    private static func app(_ transport: ScriptedTransport, challengeTypes: NativeAuthChallengeTypes = [.password]) throws
        -> NativeAuthPublicClientApplication
    {
        try NativeAuthPublicClientApplication(
            clientId: MockServer.clientId, authority: MockServer.authority, challengeTypes: challengeTypes,
            capabilities: [.mfaRequired], transport: transport, tokenStore: InMemoryTokenStore(),
            retryPolicy: RetryPolicy(serverErrorDelay: .zero, maximumRetryAfter: .zero), clock: ManualClock())
    }

    private static func signIn(_ app: NativeAuthPublicClientApplication) async -> SignInStartResult {
        let parameters = NativeAuthSignInParameters(username: "user@example.com")
        parameters.password = "Fake-Passw0rd!"
        return await app.signIn(parameters: parameters)
    }

    @Test("No answer while listing the methods ends the sign-in: the password's token was used")
    func introspectUnavailable() async throws {
        let transport = Self.transport { $0 == "introspect" ? HTTPResponse(status: 503) : nil }
        let error = try #require(await Self.signIn(try Self.app(transport)).error)
        #expect(error.isServerUnavailable)
        #expect(transport.requests(to: "/introspect").count >= 1)
    }

    @Test("No answer at the challenge hands the token on to an MFARequiredState, which can ask again")
    func challengeUnavailable() async throws {
        let failing = Mutex(true)
        let transport = Self.transport { step in
            guard step == "mfa-challenge", failing.withLock({ $0 }) else { return nil }
            return HTTPResponse(status: 503)
        }
        let app = try Self.app(transport)
        let list = try #require(await Self.signIn(app).awaitingMFA)
        let failure = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).error)
        #expect(failure.error.isServerUnavailable)
        let state = try #require(failure.newState)
        #expect(try #require(await list.state.requestChallenge(authMethod: list.methods[0]).error).error.isStateAlreadyUsed)
        failing.withLock { $0 = false }
        let sent = try #require(await state.requestChallenge(authMethod: list.methods[0]).sent)
        _ = try #require(await sent.state.submitChallenge(challenge: "12345678").completed)
        let challenge = try #require(transport.requests(to: "/challenge").last)
        let fields = FormFields.dictionary(challenge.body)
        #expect(fields["id"] == "m-email")
        #expect(fields["continuation_token"] == "CT4-mock", "the listed token, handed on")
        #expect(fields["challenge_type"] == "password redirect", "the app's challenge types, unchanged (as MSAL)")
        let grant = FormFields.dictionary(try #require(transport.requests(to: "/token").last).body)
        #expect(grant["grant_type"] == "mfa_oob")
        #expect(grant["oob"] == "12345678")
        #expect(grant["challenge_type"] == nil)
        #expect(grant["username"] == nil)
    }

    @Test("No answer at the mfa_oob grant hands the same state back")
    func grantUnavailable() async throws {
        let failing = Mutex(true)
        let transport = Self.transport { step in
            guard step == "mfa_oob", failing.withLock({ $0 }) else { return nil }
            return HTTPResponse(status: 503)
        }
        let list = try #require(await Self.signIn(try Self.app(transport)).awaitingMFA)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let failure = try #require(await sent.state.submitChallenge(challenge: "12345678").error)
        #expect(failure.error.isServerUnavailable)
        #expect(failure.newState === sent.state)
        failing.withLock { $0 = false }
        _ = try #require(await sent.state.submitChallenge(challenge: "12345678").completed)
    }

    @Test("The capabilities go on initiate, space-separated; none, no field")
    func capabilitiesOnInitiate() async throws {
        let transport = Self.transport { _ in nil }
        _ = await Self.signIn(try Self.app(transport))
        #expect(FormFields.dictionary(try #require(transport.requests(to: "/initiate").first).body)["capabilities"] == "mfa_required")
        let without = MockServer.transport()
        _ = try await MockServer.app(without).signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"))
        #expect(FormFields.dictionary(try #require(without.requests(to: "/initiate").first).body)["capabilities"] == nil)
    }
}
