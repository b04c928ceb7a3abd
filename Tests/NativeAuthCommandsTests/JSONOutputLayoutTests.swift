import Foundation
import NativeAuthShared
import Testing
@testable import NativeAuthCommands

/// `--json` is written without Foundation; these pin its text to what Foundation's JSONSerialization
/// (`.sortedKeys`, `.prettyPrinted`, `.withoutEscapingSlashes`) writes for the same objects, which
/// is what the output always was.
@Suite("JSON output layout")
struct JSONOutputLayoutTests {
    private func foundationText(_ object: [String: Any]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return try #require(String(data: data, encoding: .utf8))
    }

    @Test func layoutIsJSONSerializations() throws {
        let object: [String: Any] = [
            "signedIn": true, "username": "alice@example.com", "scopes": ["openid", "api://app/read"], "empty": [String](),
            "none": [String: Any](), "active": 0, "negative": -12, "ratio": 1.5, "whole": 3.0, "tiny": 1e-7, "huge": 1e20,
            "location": ["kind": "tenant", "tenant": "contoso", "authority": "https://contoso.ciamlogin.com/"],
            "accounts": [["username": "b", "clientId": "c", "expired": false], ["nested": [[1, 2], []]]],
            "text": "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} escape \u{1B} é ✓ 😀 \u{08}\u{0C}",
        ]
        #expect(PrettyJSON.text(of: try #require(JSONValue.decoded(from: JSONSerialization.data(withJSONObject: object))))
            == (try foundationText(object)))
        #expect(JSONOutput.render(object) == (try foundationText(object)))
    }

    @Test func emptyObject() throws {
        #expect(JSONOutput.render([:]) == (try foundationText([:])))
    }

    @Test("keys sort as JSONSerialization's .sortedKeys sorts them", arguments: [
        ["b", "a", "B", "A", "aa", "Ab", "a9", "a10", "a09", "x_", "x1", "X1", "_x", "a-b", "ab", "alpha", "Alpha", "beta"],
        ["preferred_username", "preferred", "email", "name", "oid", "tid", "sub", "iss", "aud", "exp", "iat", "nbf", "ver"],
        ["accessTokens", "accessToken", "active", "check", "claims", "clientId", "expired", "expiresOn", "hasRefreshToken",
         "identifier", "location", "serverReachable", "signedInAt", "username", "kind", "tenant", "authority", "key"],
    ])
    func keyOrder(_ keys: [String]) throws {
        let object = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        #expect(JSONOutput.render(object) == (try foundationText(object)))
    }

    @Test func datesAreWholeSecondsInUTC() {
        #expect(JSONOutput.timestamp(Date(timeIntervalSince1970: 1_767_261_600.75)) == "2026-01-01T10:00:00Z")
        #expect(JSONOutput.render(["at": Date(timeIntervalSince1970: 0)]) == "{\n  \"at\" : \"1970-01-01T00:00:00Z\"\n}")
    }

    @Test func nilIsNullAndOtherTypesAreRefused() {
        let missing: String? = nil
        #expect(JSONOutput.render(["a": missing as Any, "b": JSONValue.null]) == "{\n  \"a\" : null,\n  \"b\" : null\n}")
        #expect(JSONOutput.render(["a": URL(string: "https://example.com")!]) == "{}")
        #expect(JSONOutput.render(["a": Double.nan]) == "{}")
    }
}
