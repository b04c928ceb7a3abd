import Foundation
import NativeAuth
import NativeAuthEmulatorInterface
import Testing
@testable import NativeAuthCommands

/// The embedded emulator's code filter (``CodeAudience``), without a server.
struct CodeAudienceTests {
    @Test func theCodeAudienceShowsOnlyTheUsernamesThisProcessSent() throws {
        let audience = CodeAudience()
        func sent(_ username: String, fromWebPage: Bool = false) -> EmbeddedCode {
            EmbeddedCode(username: username, maskedTarget: "m", code: "1", isSMS: false, fromWebPage: fromWebPage)
        }
        let url = try #require(URL(string: "http://127.0.0.1:1/emulator.onmicrosoft.com/oauth2/v2.0/initiate"))
        #expect(!audience.shows(sent("alice@example.com")))
        audience.note(HTTPRequest(method: "POST", url: url, headers: [],
                                  body: Data("client_id=c&username=Alice%2Btag%40example.com&challenge_type=oob".utf8)))
        #expect(audience.shows(sent("alice+tag@example.com")))
        #expect(!audience.shows(sent("mallory@example.com")))
        #expect(!audience.shows(sent("alice+tag@example.com", fromWebPage: true)), "no web sign-in was started")
        let deviceCode = try #require(URL(string: "http://127.0.0.1:1/emulator.onmicrosoft.com/oauth2/v2.0/devicecode"))
        audience.note(HTTPRequest(method: "POST", url: deviceCode, headers: [], body: Data("client_id=c&scope=openid".utf8)))
        #expect(audience.shows(sent("anyone@example.com", fromWebPage: true)))
        #expect(!audience.shows(sent("mallory@example.com")))
    }
}
