import Foundation
import Testing
@testable import NativeAuth

/// Tolerant reading of V2 answers (issue 33, item 3).
@Suite struct HALResponseTests {
    static func decode<T: Decodable>(_ json: String, as type: T.Type = HALResponse.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func theEntryAnswerReadsFlatOrLinkedEntryLinks() throws {
        let flat = try Self.decode(#"""
            {"error":"InsufficientAuthorization","error_description":"AADSTS55112: go on","continuation_token":"CT0",
             "sign_in":"/t/api/v2.0/signin","signup":"/t/api/v2.0/signup-old","sign_up":"/t/api/v2.0/signup","reset_password":"/t/api/v2.0/sspr",
             "unknown":{"nested":[1,2]}}
            """#)
        #expect(flat.continuationToken == "CT0")
        #expect(flat.link("sign_in") == "/t/api/v2.0/signin")
        #expect(flat.link("sign_up") == "/t/api/v2.0/signup", "sign_up wins over signup")
        #expect(flat.link("reset_password") == "/t/api/v2.0/sspr")
        let old = try Self.decode(#"{"continuationToken":"CT0","signup":"/t/api/x"}"#)
        #expect(old.link("sign_up") == "/t/api/x")
        let linked = try Self.decode(#"{"continuation_token":"CT0","sign_in":"/flat","_links":{"sign_in":{"href":"/linked"}}}"#)
        #expect(linked.link("sign_in") == "/linked", "_links wins")
    }

    @Test func aStepAnswerReadsItsMethodsLinksAndCodeLength() throws {
        let answer = try Self.decode(#"""
            {"state":"interactionRequired","action":"verify","continuationToken":"CT2","id":"m1","type":"email",
             "hint":"u***@contoso.com","payload":{"codeLength":8},"challengeContext":{"authenticationFactor":"multiFactor"},
             "_links":{"verify":{"href":"/api/v/verify"},"resend":"/api/v/resend","self":{"href":"/x","templated":false}},
             "_embedded":{"methods":[{"id":"m1","type":"email","hint":"u***","_links":{"challenge":{"href":"/api/c1"}}},
                                      7, {"id":"m2","type":"sms","_links":{}}]}}
            """#)
        #expect(answer.state == .interactionRequired && answer.action == .verify)
        #expect(answer.codeLength == 8 && answer.hint == "u***@contoso.com" && answer.authenticationFactor == "multiFactor")
        #expect(answer.link("verify") == "/api/v/verify" && answer.link("resend") == "/api/v/resend")
        #expect(answer.methods.map(\.id) == ["m1", "m2"])
        #expect(answer.methods.first?.links["challenge"] == "/api/c1")
    }

    @Test func unknownStatesAndActionsAreKeptNotFailed() throws {
        let answer = try Self.decode(#"{"state":"somethingNew","action":"dance","continuationToken":"C"}"#)
        #expect(answer.state == .other("somethingNew") && answer.action == .other("dance"))
        #expect(try Self.decode(#"{"state":"web_fallback_required"}"#).state == .webFallbackRequired)
        #expect(try Self.decode(#"{"action":"collect_attributes"}"#).action == .collectAttributes)
    }

    @Test func signUpAttributesAreReadInEitherSpelling() throws {
        let answer = try Self.decode(#"""
            {"action":"collectAttributes","attributes":[{"attributeId":"displayName","type":"string","required":true},
             {"id":"city","validationRegex":"^[a-z]+$"},{"nothing":1}]}
            """#)
        #expect(answer.attributes == [HALResponse.Attribute(name: "displayName", type: "string", required: true, regex: nil),
                                      HALResponse.Attribute(name: "city", type: nil, required: false, regex: "^[a-z]+$")])
    }

    @Test func bothErrorEnvelopesAreRead() throws {
        let nested = try Self.decode(#"""
            {"error":{"code":"invalidGrant","message":"AADSTS50181: wrong code. AADSTS50181 again; AADSTS7000","correlationId":"c1",
             "innerError":{"code":"invalid_oob_value"}}}
            """#, as: V2ServerError.self)
        #expect(nested.matches("invalid_grant") && nested.matches("invalidOobValue"))
        #expect(nested.errorCodes == [50181, 7000] && nested.correlationId == "c1")
        let flat = try Self.decode(#"{"error":"invalid_grant","error_description":"AADSTS70000: x","error_codes":[70000],"correlation_id":"c2"}"#,
                                   as: V2ServerError.self)
        #expect(flat.matches("invalidGrant") && flat.errorCodes == [70000] && flat.correlationId == "c2")
        #expect(throws: (any Error).self) { try Self.decode(#"{"error":{"message":"no code"}}"#, as: V2ServerError.self) }
    }

    @Test func anAuthorizationCodeIsReadInEitherSpelling() throws {
        #expect(try Self.decode(#"{"code":"AC1"}"#, as: AuthorizationCodeResponse.self).code == "AC1")
        #expect(try Self.decode(#"{"authorizationCode":"AC2"}"#, as: AuthorizationCodeResponse.self).code == "AC2")
        #expect(throws: (any Error).self) { try Self.decode(#"{"code":""}"#, as: AuthorizationCodeResponse.self) }
    }
}
