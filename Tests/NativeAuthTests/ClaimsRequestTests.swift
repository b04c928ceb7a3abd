import Foundation
@testable import NativeAuth
import Testing

/// ``ClaimsRequest`` from JSON or a claims challenge's value, and the `WWW-Authenticate` reading.
@Suite struct ClaimsRequestTests {
    static let json = #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#

    @Test func jsonIsSentAsGiven() throws {
        #expect(try ClaimsRequest(jsonString: " \(Self.json)\n").jsonString() == Self.json)
    }

    @Test(arguments: [
        Data(json.utf8).base64EncodedString(),  // standard, padded
        Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"),  // base64url
        json,  // the JSON itself, as az login takes it
    ])
    func aClaimsChallengeIsBase64OrJSON(_ value: String) throws {
        #expect(try ClaimsRequest(claimsChallenge: value).jsonString() == Self.json)
    }

    @Test(arguments: ["", "not json", "[1,2]", Data("[1]".utf8).base64EncodedString(), "eyJ@", "{\"a\":" ])
    func whatIsNotAJSONObjectIsRefused(_ value: String) {
        #expect(throws: ClaimsRequest.Invalid.self) { try ClaimsRequest(claimsChallenge: value) }
    }

    @Test func anOversizedRequestIsRefused() {
        let big = #"{"a":""# + String(repeating: "x", count: ClaimsRequest.maximumLength) + #""}"#
        #expect(throws: ClaimsRequest.Invalid.self) { try ClaimsRequest(jsonString: big) }
    }

    @Test func theClaimsOfAnInsufficientClaimsChallengeAreRead() {
        let header = #"Bearer realm="", authorization_uri="https://login.example/authorize", error="insufficient_claims", claims="eyJhIjoxfQ==""#
        #expect(BearerChallenge.insufficientClaims(in: header) == "eyJhIjoxfQ==")
        #expect(BearerChallenge.insufficientClaims(in: #"bearer error=insufficient_claims, claims="e30=""#) == "e30=")
    }

    @Test(arguments: [
        #"Bearer realm="", error="invalid_token", claims="e30=""#,  // another error
        #"Bearer error="insufficient_claims""#,  // no claims
        #"Basic realm="x", error="insufficient_claims", claims="e30=""#,  // another scheme
        #"Bearer error="insufficient_claims", claims="e30="#,  // unterminated quote
    ])
    func otherChallengesAreNotClaimsChallenges(_ header: String) {
        #expect(BearerChallenge.insufficientClaims(in: header) == nil)
    }
}
