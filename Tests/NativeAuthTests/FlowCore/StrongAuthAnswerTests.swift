import Foundation
@testable import NativeAuth
import Testing

/// Reading the `/introspect` answers, the `mfa_oob` grant's form, and when a `/token` rejection is a
/// second factor the library goes on with.
@Suite("Strong-auth answers")
struct StrongAuthAnswerTests {
    private func answer(_ json: String) throws -> AuthMethodsAnswer {
        AuthMethodsAnswer(.success(try JSONDecoder().decode(IntrospectResponse.self, from: Data(json.utf8))))
    }

    @Test("The methods and the token; a method without login_hint keeps nil")
    func methods() throws {
        let read = try answer(#"{"continuation_token":"CT4","methods":[{"id":"a","challenge_type":"oob","challenge_channel":"sms","login_hint":"+1****6"},{"id":"email","challenge_type":"oob","challenge_channel":"email"}]}"#)
        #expect(read == .methods([
            AuthMethod(id: "a", challengeType: "oob", channelTargetType: NativeAuthChannelType(value: "sms"), loginHint: "+1****6"),
            AuthMethod(id: "email", challengeType: "oob", channelTargetType: NativeAuthChannelType(value: "email"), loginHint: nil),
        ], continuationToken: "CT4"))
    }

    @Test("No token, no methods, or only methods without an id: unexpected", arguments: [
        #"{"methods":[{"id":"a"}]}"#, #"{"continuation_token":"CT4","methods":[]}"#,
        #"{"continuation_token":"CT4"}"#, #"{"continuation_token":"CT4","methods":[{"challenge_channel":"email"}]}"#,
    ])
    func unusable(_ json: String) throws {
        guard case .unexpected = try answer(json) else { Issue.record("expected unexpected for \(json)"); return }
    }

    @Test("mfa_oob: the code, no username, no challenge_type")
    func mfaOOBGrant() {
        let fields = TokenGrant.mfaOOB(code: "12345678", continuationToken: "CT5").fields(scopes: ["openid"])
        #expect(fields.map(\.0) == ["continuation_token", "grant_type", "oob", "scope", "client_info"])
        #expect(fields.first { $0.0 == "grant_type" }?.1 == "mfa_oob")
    }

    private func rejection(_ suberror: String, token: String? = "CT3") -> WireRejection {
        var json = #"{"error":"invalid_grant","suberror":"\#(suberror)""#
        if let token { json += #","continuation_token":"\#(token)""# }
        json += "}"
        return .protocolError(try! JSONDecoder().decode(ServerErrorResponse.self, from: Data(json.utf8)), status: 400)
    }

    @Test("mfa_required and registration_required go on only with the capability and a token")
    func kind() {
        let both: NativeAuthCapabilities = [.mfaRequired, .registrationRequired]
        #expect(StrongAuthRequirement.kind(of: rejection("mfa_required"), capabilities: both)?.0 == .signInIntrospect)
        #expect(StrongAuthRequirement.kind(of: rejection("registration_required"), capabilities: both)?.0 == .registerIntrospect)
        #expect(StrongAuthRequirement.kind(of: rejection("mfa_required"), capabilities: [.registrationRequired]) == nil)
        #expect(StrongAuthRequirement.kind(of: rejection("registration_required"), capabilities: [.mfaRequired]) == nil)
        #expect(StrongAuthRequirement.kind(of: rejection("mfa_required", token: nil), capabilities: both) == nil)
        #expect(StrongAuthRequirement.kind(of: rejection("invalid_oob_value"), capabilities: both) == nil)
    }

    @Test("The registration's challenge names its contact challenge_target")
    func registrationChallenge() throws {
        let body = try JSONDecoder().decode(ChallengeResponse.self, from: Data(
            #"{"continuation_token":"CT5","challenge_type":"oob","challenge_target":"+14255550100","challenge_channel":"sms","code_length":6}"#.utf8))
        #expect(ChallengeAnswer(.success(body)) == .code(continuationToken: "CT5", sentTo: "+14255550100",
                                                       channel: NativeAuthChannelType(value: "sms"), codeLength: 6))
    }

    @Test("Capabilities are sent space-separated, mfa_required first; none leaves the field out")
    func capabilities() {
        #expect(NativeAuthCapabilities([.registrationRequired, .mfaRequired]).wireValue == "mfa_required registration_required")
        #expect(NativeAuthCapabilities().wireValue == nil)
    }
}
