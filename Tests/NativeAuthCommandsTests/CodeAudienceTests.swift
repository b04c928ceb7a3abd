import Foundation
import NativeAuth
import NativeAuthEmulatorInterface
import Testing
@testable import NativeAuthCommands

/// The embedded emulator's code filter (``CodeAudience``), without a server.
struct CodeAudienceTests {
    @Test func theCodeAudienceShowsOnlyTheUsernamesThisProcesssFlowsStartedWith() {
        let audience = CodeAudience()
        func sent(_ username: String, fromWebPage: Bool = false) -> EmbeddedCode {
            EmbeddedCode(username: username, maskedTarget: "m", code: "1", isSMS: false, fromWebPage: fromWebPage)
        }
        #expect(!audience.shows(sent("alice@example.com")))
        audience.expect(username: " Alice+tag@example.com\n")
        #expect(audience.shows(sent("alice+tag@example.com")))
        #expect(!audience.shows(sent("mallory@example.com")))
        #expect(!audience.shows(sent("alice+tag@example.com", fromWebPage: true)), "no web sign-in was started")
        audience.includeWebPageCodes()
        #expect(audience.shows(sent("anyone@example.com", fromWebPage: true)))
        #expect(!audience.shows(sent("mallory@example.com")))
    }
}
