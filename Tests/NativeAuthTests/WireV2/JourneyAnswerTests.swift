import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// What a V2 answer asks for next, read without a transport (docs/PROTOCOL.md §20): dispatched on
/// `state` and `action`, tolerant of what the sources disagree on, and a clear failure, never a
/// crash, for what does not lead on.
@Suite struct JourneyAnswerTests {
    private let context: FlowContext

    init() throws {
        let app = try NativeAuthPublicClientApplication(clientId: ReplayFixture.clientId, authority: ReplayFixture.authority,
                                                        challengeTypes: [.OOB], api: .v2)
        context = FlowContext(environment: app.environment, username: "user@example.com", scopes: [], correlationId: UUID())
    }

    private func read(_ json: String, hint: String? = nil) throws -> JourneyAnswer {
        JourneyAnswer(try JSONDecoder().decode(HALResponse.self, from: Data(json.utf8)), from: nil, fallbackHint: hint, context: context)
    }

    private func failure(_ answer: JourneyAnswer) -> String? {
        if case .failed(let failure) = answer { return failure.details.message }
        return nil
    }

    @Test func aListOfMethodsWithOrWithoutAnActionAndItsFactor() throws {
        let methods = #""_embedded":{"methods":[{"id":"m1","type":"email","_links":{"challenge":{"href":"/api/c"}}},{"id":"m2","type":"sms"}]}"#
        guard case .methods(let first, secondFactor: false) = try read(#"{"continuationToken":"CT1",\#(methods)}"#) else {
            Issue.record("no action, with methods: the sign-in's list (objc)")
            return
        }
        #expect(first.authMethods.map(\.id) == ["m1", "m2"])
        guard case .methods(_, secondFactor: true) = try read(
            #"{"state":"interaction_required","action":"Challenge","continuationToken":"CT1","challengeContext":{"authenticationFactor":"multiFactor"},\#(methods)}"#)
        else {
            Issue.record("multiFactor is a second factor, whatever the spelling of state and action")
            return
        }
        guard case .methods(_, secondFactor: true) = try read(
            #"{"action":"verify","continuationToken":"CT1","_links":{"challenge":{"href":"/api/c"}},\#(methods)}"#)
        else {
            Issue.record("after a password, verify with a challenge link and methods is a second factor (objc)")
            return
        }
    }

    @Test func aCodeOrAPassword() throws {
        guard case .codeSent(_, let code) = try read(#"{"action":"verify","type":"email","continuationToken":"CT1","_links":{"verify":"/api/v"}}"#,
                                                     hint: "u***@x.com") else {
            Issue.record("a verify answer of type email is a code")
            return
        }
        #expect(code == JourneyCode(sentTo: "u***@x.com", channel: NativeAuthChannelType(value: "email"), codeLength: 0))
        guard case .passwordRequired = try read(#"{"action":"verify","type":"password","continuationToken":"CT1","_links":{"verify":"/api/v"}}"#) else {
            Issue.record("a verify answer of type password asks for the password")
            return
        }
        guard case .passwordRequired = try read(#"{"action":"verify","continuationToken":"CT1","_links":{"verify":"/api/v"}}"#) else {
            Issue.record("a verify answer with no code length, hint nor type is the password (objc)")
            return
        }
    }

    @Test func continueWithOrWithoutAToken() throws {
        guard case .completed(let done) = try read(#"{"state":"continue","continuation_token":"CT9"}"#) else {
            Issue.record("continue is done")
            return
        }
        #expect(done.continuationToken == "CT9")
        guard case .completed(let empty) = try read(#"{"state":"continue"}"#) else {
            Issue.record("continue without a token is still done (the sign-in after it says it is not available)")
            return
        }
        #expect(empty.continuationToken.isEmpty)
    }

    @Test("What does not lead on fails clearly", arguments: [
        (#"{"action":"verify","type":"email"}"#, "without a continuation token"),
        (#"{"action":"dance","continuationToken":"C"}"#, "the action 'dance' is not one the library knows"),
        (#"{"state":"later","continuationToken":"C"}"#, "the journey state 'later'"),
        (#"{"action":"verify","type":"email","continuationToken":"C"}"#, "has no 'verify' link"),
        (#"{"action":"poll","continuationToken":"C"}"#, "has no 'poll' link"),
        (#"{"action":"enroll","continuationToken":"C"}"#, "has no 'enroll' link"),
        (#"{"action":"collectAttributes","continuationToken":"C"}"#, "has no 'submitAttributes' link"),
        (#"{"continuationToken":"C"}"#, "an answer without an action or methods"),
        (#"{"action":"riskverify","continuationToken":"C","_links":{"riskverify":"/api/r"}}"#, "a risk verification answered a risk verification"),
    ])
    func doesNotLeadOn(json: String, why: String) throws {
        let message = try #require(failure(try read(json)))
        #expect(message.contains(why), "\(message)")
    }
}
