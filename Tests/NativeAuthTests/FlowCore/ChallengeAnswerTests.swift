import Foundation
@testable import NativeAuth
import Testing

/// `/challenge` answers read without a transport.
@Suite("Challenge answers")
struct ChallengeAnswerTests {
    private func answer(_ json: String) throws -> ChallengeAnswer {
        ChallengeAnswer(.success(try JSONDecoder().decode(ChallengeResponse.self, from: Data(json.utf8))))
    }

    @Test("The one-time-passcode block is a code answer")
    func codeBlock() throws {
        let parsed = try answer("""
            {"continuation_token":"CT2","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email",
             "challenge_target_label":"u***r@e*****e.com","code_length":8}
            """)
        #expect(parsed == .code(continuationToken: "CT2", sentTo: "u***r@e*****e.com", channel: NativeAuthChannelType(value: "email"), codeLength: 8))
    }

    @Test("A password challenge is a password answer")
    func password() throws {
        #expect(try answer(#"{"continuation_token":"CT2","challenge_type":"password"}"#) == .password(continuationToken: "CT2"))
    }

    @Test("A rejection passes through unchanged")
    func rejection() {
        let rejection = WireRejection.redirect(reason: "Client is missing registration_required capability")
        #expect(ChallengeAnswer(.rejected(rejection)) == .rejected(rejection))
    }

    @Test("introspect_required with a continuation token is its own answer; without one, a rejection")
    func introspectRequired() {
        let withToken = ServerErrorResponse(error: .invalidRequest, suberror: .introspectRequired, continuationToken: "CT3")
        let rejection = WireRejection.protocolError(withToken, status: 400)
        #expect(ChallengeAnswer(.rejected(rejection)) == .introspectRequired(continuationToken: "CT3", rejection: rejection))
        let tokenless = WireRejection.protocolError(ServerErrorResponse(error: .invalidRequest, suberror: .introspectRequired), status: 400)
        #expect(ChallengeAnswer(.rejected(tokenless)) == .rejected(tokenless))
    }

    @Test("Answers that do not fit are unexpected, not a code or a password", arguments: [
        #"{"continuation_token":"CT2","challenge_type":"otp"}"#,
        #"{"continuation_token":"CT2"}"#,
        #"{"challenge_type":"password"}"#,
        #"{"continuation_token":"","challenge_type":"password"}"#,
        #"{"continuation_token":"CT2","challenge_type":"oob","code_length":8}"#,
        #"{"continuation_token":"CT2","challenge_type":"oob","challenge_target_label":"a***e@e.com"}"#,
        #"{"continuation_token":"CT2","challenge_type":"oob","challenge_target_label":"a***e@e.com","code_length":0}"#,
        #"{"continuation_token":"CT2","challenge_type":"oob","challenge_target_label":"a***e@e.com","code_length":100000}"#,
    ])
    func unexpected(json: String) throws {
        guard case .unexpected(let why) = try answer(json) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(!why.isEmpty)
        #expect(!why.contains("CT2"), "the reason never quotes the continuation token")
    }

    @Test("A code answer without a channel defaults to email")
    func defaultChannel() throws {
        let parsed = try answer(#"{"continuation_token":"CT2","challenge_type":"oob","challenge_target_label":"a***e@e.com","code_length":6}"#)
        guard case .code(_, _, let channel, let length) = parsed else { Issue.record("not a code answer"); return }
        #expect(channel.isEmailType)
        #expect(length == 6)
    }
}
