import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// Issue 33's "done when": hostile hrefs are refused with nothing sent. Each recording answers the
/// entry with a `sign_in` link the resolver refuses; the replay shows that the entry was the only
/// request, and the error names why.
@Suite("V2: hostile hrefs are refused, nothing sent")
struct HostileHrefTests {
    static let cases: [(scenario: String, why: String)] = [
        ("HrefOtherHost", "another host (evil.example)"),
        ("HrefOtherPort", "another port"),
        ("HrefPlainHTTP", "its scheme is http"),
        ("HrefNetworkPath", "network-path reference"),
        ("HrefUserInfo", "user information"),
        ("HrefDotSegments", "dot segment"),
    ]

    @Test("The sign_in link is refused, and the sign-in's username never leaves", arguments: cases)
    func refusedAtTheEntry(scenario: String, why: String) async throws {
        let fixture = try ReplayFixture("V2/" + scenario)
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.code == .general)
        #expect(error.errorDescription?.contains("did not follow the server's 'sign_in' link") == true)
        #expect(error.errorDescription?.contains(why) == true, "\(error.errorDescription ?? "")")
        #expect(error.errorDescription?.hasSuffix("Nothing was sent.") == true)
        #expect(fixture.transport.requests.map(\.url.path) == ["/contoso.onmicrosoft.com/oauth2/v2.0/authorize-challenge"])
        try fixture.transport.assertAllUsed()
    }

    @Test("A code's verify link on another host: the code is never sent, and the state is not handed back")
    func refusedOnAState() async throws {
        let fixture = try ReplayFixture("V2/HrefHostileVerify")
        let sent = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        let refused = try #require(await sent.state.submitCode(code: Recorded.code).error)
        #expect(refused.error.errorDescription?.contains("'verify' link: it points at another host (evil.example)") == true)
        #expect(refused.newState == nil)
        #expect(fixture.transport.requests.count == 3)
        #expect(!fixture.transport.requests.contains { String(decoding: $0.body, as: UTF8.self).contains(Recorded.code) })
        try fixture.transport.assertAllUsed()
    }
}
