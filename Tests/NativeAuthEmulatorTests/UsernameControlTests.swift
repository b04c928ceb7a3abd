import Foundation
import NativeAuthEmulator
import Testing

/// Usernames with a C1 control (such as the 8-bit CSI U+009B) or a format character (general
/// category Cf: the bidi controls, a zero-width space's neighbours) are refused like any malformed
/// username, at every flow's start (issue 23, item 3), so no such address is ever masked and shown
/// on a terminal; and the console line of a sent code shows no control.
@Suite("Usernames with control or format characters")
struct UsernameControlTests {
    static let refused = [
        "x@y.\u{9B}2J", "x@y.com\u{85}", "x\u{80}@example.com", "x@example.\u{9F}com",
        "x@y.\u{202E}moc", "x\u{200E}@example.com", "x@example.com\u{2066}", "x\u{061C}@example.com",
        "x\u{FEFF}@example.com", "x\u{00AD}@example.com", "x\u{2028}@example.com", "x\u{1B}[2J@example.com",
    ]

    @Test(arguments: UsernameControlTests.refused)
    func signUpRefusesIt(_ username: String) async throws {
        try await withEmulator { client in
            let result = try await client.signUpStart(username)
            ProtocolErrorTests.expectError(result, "invalid_request", 90100)
        }
    }

    @Test(arguments: UsernameControlTests.refused)
    func signInAndResetRefuseIt(_ username: String) async throws {
        try await withEmulator { client in
            ProtocolErrorTests.expectError(try await client.initiate(username), "invalid_request", 90100)
            let reset = try await client.post("resetpassword/v1.0/start",
                                              [("client_id", client.clientId), ("username", username), ("challenge_type", "oob redirect")])
            ProtocolErrorTests.expectError(reset, "invalid_request", 90100)
        }
    }

    @Test func anOrdinaryInternationalAddressIsStillAccepted() async throws {
        try await withEmulator { client in
            let result = try await client.signUpStart("zoë.山田@example.com")
            #expect(result.status == 200, "\(String(decoding: result.body, as: UTF8.self))")
        }
    }

    @Test func theConsoleLineShowsNoControl() {
        let sent = SentCode(username: "x", maskedTarget: "x***y@e*****e.\u{9B}2J\u{1B}]0;t\u{07}\u{202E}", code: "12345678",
                            expiresAt: Date(timeIntervalSince1970: 0))
        #expect(sent.consoleLine.hasPrefix("to x***y@e*****e.?2J?]0;t??: code 12345678"), "\(sent.consoleLine)")
    }
}
