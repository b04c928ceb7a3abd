@testable import NativeAuth
import Foundation
import NativeAuthShared
import Testing

/// The ID token's names (`preferred_username`, `email`, `name`) and the username with a control
/// character are refused before anything is stored (issue 23, item 1).
@Suite("ID token names with control characters")
struct IDTokenNameTests {
    private func token(_ claims: [String: Any]) throws -> TokenResponse {
        let payload = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        let body: [String: Any] = ["access_token": "a", "expires_in": 3600, "id_token": "e30.\(payload).sig"]
        return try JSONDecoder().decode(TokenResponse.self, from: try JSONSerialization.data(withJSONObject: body))
    }

    private let good: [String: Any] = ["preferred_username": "zoë@example.com", "email": "zoë@example.com", "name": "Zoë 山田 👩‍💻", "sub": "S"]

    @Test func ordinaryNamesPass() throws {
        #expect(IDTokenCheck.controlCharacters(in: try token(good), username: "zoë@example.com") == nil)
        #expect(IDTokenCheck.controlCharacters(in: try token(["sub": "S"]), username: "u@example.com") == nil)
    }

    @Test(arguments: ["\u{1B}]0;t\u{07}", "\u{9B}2J", "\u{202E}", "\r\nPassword for root: ", "\u{2028}", "\u{7F}", "\u{2066}"])
    func aControlInANameIsRefused(control: String) throws {
        for claim in IDTokenCheck.nameClaims {
            var claims = good
            claims[claim] = "Bob" + control
            let refusal = IDTokenCheck.controlCharacters(in: try token(claims), username: "bob@example.com")
            #expect(refusal?.description == "the ID token's \(claim) holds a control character")
        }
        #expect(IDTokenCheck.controlCharacters(in: try token(good), username: "bob" + control) != nil)
    }
}
