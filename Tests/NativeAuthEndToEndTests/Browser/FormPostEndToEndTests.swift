import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthShared
import Testing

/// `response_mode=form_post` on the emulator's sign-in page (what MSAL for Python's loopback listener
/// takes): the code and state come back in a form that posts itself to the redirect URI, and redeem
/// as usual; a mode the emulator does not offer is refused.
@Suite(.timeLimit(.minutes(10)))
struct FormPostEndToEndTests {
    private let browser = PageBrowser()
    private let verifier = PKCE.makeVerifier()

    private func authorizeURL(_ harness: EmulatorHarness, mode: String) -> URL {
        var components = URLComponents(url: harness.emulator.authority.appendingPathComponent("oauth2/v2.0/authorize"),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "client_id", value: EmulatorConfiguration.defaultClientId),
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "response_mode", value: mode),
            URLQueryItem(name: "redirect_uri", value: "http://localhost:5001"),
            URLQueryItem(name: "scope", value: "openid offline_access User.Read"), URLQueryItem(name: "state", value: "S<&>"),
            URLQueryItem(name: "nonce", value: "N1"), URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        return components.url!
    }

    @Test func theAnswerIsAFormThatPostsItselfToTheRedirectURI() async throws {
        try await EmulatorHarness.run { harness in
            let first = try await browser.get(authorizeURL(harness, mode: "form_post"))
            let second = try await browser.submit(first, ["username": EmulatorHarness.alice])
            let done = try await browser.submit(second, ["code": "12345678"])
            #expect(done.status == 200 && done.location == nil, "\(done.status)")
            #expect(done.action == "http://localhost:5001", "\(done.html)")
            #expect(done.html.contains(#"<input type="hidden" name="state" value="S&lt;&amp;&gt;">"#), "escaped: \(done.html)")
            #expect(done.html.contains("<script>document.getElementById('form_post').submit();</script>"))
            #expect(done.html.contains(#"id="continue""#), "a button for browsers without scripts")
            let code = try #require(PageBrowser.Page.first(#"name="code" value="([^"]*)""#, in: done.html))

            let body = [("client_id", EmulatorConfiguration.defaultClientId), ("grant_type", "authorization_code"), ("code", code),
                        ("redirect_uri", "http://localhost:5001"), ("code_verifier", verifier), ("scope", "openid offline_access User.Read")]
                .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
            let response = try await HTTPTransports.makeDefault().send(HTTPRequest(
                method: "POST", url: harness.emulator.authority.appendingPathComponent("oauth2/v2.0/token"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8)))
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        }
    }

    @Test func aModeTheEmulatorDoesNotOfferGoesBackAsAnError() async throws {
        try await EmulatorHarness.run { harness in
            let page = try await browser.get(authorizeURL(harness, mode: "fragment"))
            #expect(page.status == 303)
            let items = URLComponents(string: page.location ?? "")?.queryItems ?? []
            #expect(items.first { $0.name == "error" }?.value == "invalid_request", "\(page.location ?? "")")
        }
    }
}
