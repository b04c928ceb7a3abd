import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// A resend the server refuses (throttling, any 400 that is not a redirect) hands the state back with
/// the error, in every flow that sends codes, as MSAL does: the code already sent can still be typed,
/// and it signs the user in (the transport seam: scripted servers).
@Suite("A refused resend hands the state back, and the first code still works")
struct RefusedResendTests {
    /// What the server answers a resend it refuses.
    private static let refusal = (400, """
        {"error":"invalid_request","error_description":"AADSTS50196: Too many requests: try again later.","error_codes":[50196]}
        """)
    private static let otpBlock = """
        {"continuation_token":"CT2-mock","challenge_type":"oob","binding_method":"prompt",
         "challenge_channel":"email","challenge_target_label":"u***r@e*****e.com","code_length":8}
        """

    @Test("Sign-in: the refused resend hands the code state back; the first code signs in")
    func signIn() async throws {
        // The first challenge (on the initiate's token) sends a code; a second one (on the code's token) is refused.
        let transport = ScriptedTransport { request, form in
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#)
            case "challenge" where form["continuation_token"] == "CT1-mock": return ScriptedTransport.json(200, Self.otpBlock)
            case "challenge": return ScriptedTransport.json(Self.refusal.0, Self.refusal.1)
            case "token" where form["oob"] == "12345678" && form["continuation_token"] == "CT2-mock":
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: 3600))
            default: return HTTPResponse(status: 404)
            }
        }
        let app = try MockServer.app(transport)
        let code = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired)
        let refused = try #require(await code.state.resendCode().error)
        #expect(refused.error.errorDescription?.contains("Too many requests") == true)
        let kept = try #require(refused.newState)
        #expect(kept === code.state)
        _ = try #require(await kept.submitCode(code: "12345678").completed)
        #expect(transport.requests(to: "/challenge").count == 2)
    }

    @Test("Sign-up: the refused resend hands the code state back; the first code finishes the sign-up, which signs in")
    func signUp() async throws {
        let app = try MockServer.app(SignUpMockServer.transport(resend: Self.refusal))
        let code = try #require(await app.signUp(parameters: NativeAuthSignUpParameters(username: "user@example.com")).codeRequired)
        let refused = try #require(await code.state.resendCode().error)
        let kept = try #require(refused.newState)
        #expect(kept === code.state)
        let signedUp = try #require(await kept.submitCode(code: "12345678").completed)
        _ = try #require(await signedUp.signIn().completed)
    }

    @Test("Password reset: the refused resend hands the code state back; the first code goes on to the new password")
    func resetPassword() async throws {
        let app = try MockServer.app(ResetPasswordMockServer.transport(resend: Self.refusal))
        let code = try #require(await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
        let refused = try #require(await code.state.resendCode().error)
        let kept = try #require(refused.newState)
        #expect(kept === code.state)
        let password = try #require(await kept.submitCode(code: "12345678").passwordRequired)
        let reset = try #require(await password.submitPassword(password: "N3w-Passw0rd!").completed)
        _ = try #require(await reset.signIn().completed)
    }

    /// A password account that `/token` answers `suberror` (`mfa_required` or `registration_required`);
    /// the first challenge of the second factor (or of the contact) sends a code, any other is refused.
    private static func strongAuthTransport(_ suberror: String, resend: (Int, String) = refusal) -> ScriptedTransport {
        ScriptedTransport { request, form in
            let path = request.url.path
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#)
            case "challenge" where path.hasSuffix("/register/v1.0/challenge"), "challenge" where form["id"] != nil:
                guard form["continuation_token"] == "CT4-mock" else { return ScriptedTransport.json(resend.0, resend.1) }
                return ScriptedTransport.json(200, """
                    {"continuation_token":"CT5-mock","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email",
                     "challenge_target_label":"u***r@e*****e.com","challenge_target":"user@example.com","code_length":8}
                    """)
            case "challenge": return ScriptedTransport.json(200, #"{"continuation_token":"CT2-mock","challenge_type":"password"}"#)
            case "introspect":
                return ScriptedTransport.json(200, """
                    {"continuation_token":"CT4-mock","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"user@example.com"}]}
                    """)
            case "continue" where form["oob"] == "12345678" && form["continuation_token"] == "CT5-mock":
                return ScriptedTransport.json(200, #"{"continuation_token":"CT6-mock"}"#)
            case "token" where form["grant_type"] == "password":
                return ScriptedTransport.json(400, #"{"error":"invalid_grant","suberror":"\#(suberror)","error_codes":[],"continuation_token":"CT3-mock"}"#)
            case "token" where form["grant_type"] == "mfa_oob" && form["oob"] == "12345678" && form["continuation_token"] == "CT5-mock",
                 "token" where form["grant_type"] == "continuation_token" && form["continuation_token"] == "CT6-mock":
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: 3600))
            default: return HTTPResponse(status: 404)
            }
        }
    }

    private static func strongAuthApp(_ transport: ScriptedTransport, capability: NativeAuthCapabilities) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(
            clientId: MockServer.clientId, authority: MockServer.authority, challengeTypes: [.OOB, .password],
            capabilities: capability, transport: transport, tokenStore: InMemoryTokenStore(),
            retryPolicy: RetryPolicy(serverErrorDelay: .zero, maximumRetryAfter: .zero), clock: ManualClock())
    }

    private static func signIn(_ app: NativeAuthPublicClientApplication) async -> SignInStartResult {
        let parameters = NativeAuthSignInParameters(username: "user@example.com")
        parameters.password = "Fake-Passw0rd!"
        return await app.signIn(parameters: parameters)
    }

    @Test("MFA: the refused resend hands the same state back; the first code signs in")
    func mfa() async throws {
        let app = try Self.strongAuthApp(Self.strongAuthTransport("mfa_required"), capability: [.mfaRequired])
        let list = try #require(await Self.signIn(app).awaitingMFA)
        let sent = try #require(await list.state.requestChallenge(authMethod: list.methods[0]).sent)
        let refused = try #require(await sent.state.requestChallenge(authMethod: list.methods[0]).error)
        #expect(refused.error.errorDescription?.contains("Too many requests") == true)
        let kept = try #require(refused.newState)
        #expect(kept === sent.state)
        _ = try #require(await kept.submitChallenge(challenge: "12345678").completed)
    }

    @Test("Registration: the refused resend hands a state back and keeps the code's state usable; the first code signs in")
    func registration() async throws {
        let app = try Self.strongAuthApp(Self.strongAuthTransport("registration_required"), capability: [.registrationRequired])
        let list = try #require(await Self.signIn(app).registration)
        let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: list.methods[0], verificationContact: "user@example.com")
        let sent = try #require(await list.state.challengeAuthMethod(parameters: parameters).sent)
        let refused = try #require(await sent.newState.challengeAuthMethod(parameters: parameters).error)
        #expect(refused.error.errorDescription?.contains("Too many requests") == true)
        #expect(refused.error.leavesSentCodeUsable, "the library says the code's state stays usable")
        _ = try #require(refused.newState, "a state to choose a contact again on, on the same token")
        _ = try #require(await sent.newState.submitChallenge(challenge: "12345678").completed)
    }

    @Test("Registration: a resend the server ends the flow for leaves nothing usable, and says so")
    func registrationEnded() async throws {
        let expired = (400, #"{"error":"expired_token","error_description":"AADSTS552003: The token has expired.","error_codes":[552003]}"#)
        let app = try Self.strongAuthApp(Self.strongAuthTransport("registration_required", resend: expired), capability: [.registrationRequired])
        let list = try #require(await Self.signIn(app).registration)
        let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: list.methods[0], verificationContact: "user@example.com")
        let sent = try #require(await list.state.challengeAuthMethod(parameters: parameters).sent)
        let ended = try #require(await sent.newState.challengeAuthMethod(parameters: parameters).error)
        #expect(ended.error.code == .flowExpired)
        #expect(!ended.error.leavesSentCodeUsable)
        #expect(ended.newState == nil)
        let used = try #require(await sent.newState.submitChallenge(challenge: "12345678").error)
        #expect(used.error.isStateAlreadyUsed)
    }

    @Test("Sign-in: a resend answered with something that does not fit ends the flow")
    func signInUnfitAnswer() async throws {
        let transport = ScriptedTransport { request, form in
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#)
            case "challenge" where form["continuation_token"] == "CT1-mock": return ScriptedTransport.json(200, Self.otpBlock)
            case "challenge": return ScriptedTransport.json(200, #"{"continuation_token":"CT3-mock","challenge_type":"password"}"#)
            default: return HTTPResponse(status: 404)
            }
        }
        let app = try MockServer.app(transport)
        let code = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired)
        let ended = try #require(await code.state.resendCode().error)
        #expect(ended.error.code == .general)
        #expect(ended.newState == nil)
    }
}
