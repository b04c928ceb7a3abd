import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthShared
import Testing

/// The emulator's side of the browser flows, request by request: what `/authorize` refuses and how,
/// and the `authorization_code` and device-code grants' errors (docs/EMULATOR.md).
@Suite(.timeLimit(.minutes(10)))
struct WebEmulatorTests {
    private let browser = PageBrowser()
    private let transport = HTTPTransports.makeDefault()
    private let verifier = PKCE.makeVerifier()

    private func authorizeURL(_ harness: EmulatorHarness, _ changes: [String: String?] = [:]) -> URL {
        var items: [String: String?] = [
            "client_id": EmulatorConfiguration.defaultClientId, "response_type": "code", "redirect_uri": "http://localhost:5000",
            "scope": "openid offline_access", "state": "S1", "nonce": "N1", "code_challenge": PKCE.challenge(for: verifier),
            "code_challenge_method": "S256",
        ]
        for (key, value) in changes { items[key] = value }
        var components = URLComponents(url: harness.emulator.authority.appendingPathComponent("oauth2/v2.0/authorize"),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = items.compactMap { key, value in value.map { URLQueryItem(name: key, value: $0) } }.sorted { $0.name < $1.name }
        return components.url!
    }

    private func query(_ location: String?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (URLComponents(string: location ?? "")?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    }

    /// Signs alice in on the page and returns the code the page redirected with.
    private func code(_ harness: EmulatorHarness, redirect: String = "http://localhost:5000") async throws -> String {
        let first = try await browser.get(authorizeURL(harness, ["redirect_uri": redirect]))
        let second = try await browser.submit(first, ["username": EmulatorHarness.alice])
        let done = try await browser.submit(second, ["code": "12345678"])
        #expect(done.status == 303)
        #expect(query(done.location)["state"] == "S1")
        return try #require(query(done.location)["code"])
    }

    private func token(_ harness: EmulatorHarness, _ fields: [(String, String)]) async throws -> (status: Int, json: [String: Any]) {
        let body = ([("client_id", EmulatorConfiguration.defaultClientId)] + fields)
            .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        let response = try await transport.send(HTTPRequest(
            method: "POST", url: harness.emulator.authority.appendingPathComponent("oauth2/v2.0/token"),
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8)))
        return (response.status, (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:])
    }

    private func redeem(_ code: String, verifier: String? = nil, redirect: String = "http://localhost:5000") -> [(String, String)] {
        [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("code_verifier", verifier ?? self.verifier),
         ("scope", "openid offline_access")]
    }

    private func codes(_ json: [String: Any]) -> [Int] { (json["error_codes"] as? [Int]) ?? [] }

    @Test func aRedirectURIThatIsNotRegisteredGetsAPageNotARedirect() async throws {
        try await EmulatorHarness.run { harness in
            let page = try await browser.get(authorizeURL(harness, ["redirect_uri": "https://evil.example/cb"]))
            #expect(page.status == 400 && page.location == nil)
            #expect(page.error?.hasPrefix("AADSTS50011: ") == true)
            let unknownClient = try await browser.get(authorizeURL(harness, ["client_id": "00000000-0000-4000-8000-000000000009"]))
            #expect(unknownClient.location == nil && unknownClient.error?.hasPrefix("AADSTS700016: ") == true)
        }
    }

    @Test func laterProblemsGoBackToTheAppWithTheState() async throws {
        try await EmulatorHarness.run { harness in
            let missing = try await browser.get(authorizeURL(harness, ["code_challenge": nil]))
            #expect(missing.status == 303)
            #expect(query(missing.location)["error"] == "invalid_request" && query(missing.location)["state"] == "S1")
            let plain = try await browser.get(authorizeURL(harness, ["code_challenge_method": "plain"]))
            #expect(query(plain.location)["error"] == "invalid_request")
            let token = try await browser.get(authorizeURL(harness, ["response_type": "token"]))
            #expect(query(token.location)["error"] == "unsupported_response_type")
            let silent = try await browser.get(authorizeURL(harness, ["prompt": "none"]))
            #expect(query(silent.location)["error"] == "login_required")
            #expect(query(silent.location)["error_description"]?.hasPrefix("AADSTS50058: ") == true)
        }
    }

    @Test func thePagesSayWhatIsWrongAndLetTheUserGoOn() async throws {
        try await EmulatorHarness.run { harness in
            let first = try await browser.get(authorizeURL(harness, ["login_hint": "alice@example.com"]))
            #expect(first.title == "Sign in" && first.value(of: "username") == "alice@example.com")
            #expect(!first.html.contains("<script"), "no JavaScript")
            let unknown = try await browser.submit(first, ["username": "nobody@example.com"])
            #expect(unknown.title == "Sign in" && unknown.error?.contains("couldn't find an account") == true)
            let codePage = try await browser.submit(unknown, ["username": "alice@example.com"])
            let wrong = try await browser.submit(codePage, ["code": "00000000"])
            #expect(wrong.title == "Enter code" && wrong.error?.contains("incorrect") == true)
            let resent = try await browser.submit(wrong, button: "resend")
            #expect(resent.html.contains("A new code was sent"))
            #expect(try await browser.submit(resent, ["code": "12345678"]).status == 303)
            let expired = try await browser.submit(resent, ["code": "12345678"])
            #expect(expired.title == "This sign-in page expired", "a finished session is gone")
        }
    }

    @Test func aCodeIsRedeemedOnceWithItsVerifierAndRedirectURI() async throws {
        try await EmulatorHarness.run { harness in
            let code = try await code(harness)
            let wrongVerifier = try await token(harness, redeem(code, verifier: PKCE.makeVerifier()))
            #expect(wrongVerifier.status == 400 && codes(wrongVerifier.json) == [501481])
            let wrongRedirect = try await token(harness, redeem(try await self.code(harness), redirect: "http://localhost:5001"))
            #expect(wrongRedirect.json["error"] as? String == "invalid_grant" && codes(wrongRedirect.json) == [500112])

            let fresh = try await self.code(harness)
            let ok = try await token(harness, redeem(fresh))
            #expect(ok.status == 200)
            let idToken = try #require(ok.json["id_token"] as? String)
            #expect(JWTClaims.claims(of: idToken)["nonce"] as? String == "N1")
            let again = try await token(harness, redeem(fresh))
            #expect(codes(again.json) == [54005], "single use")
        }
    }

    @Test func aCodeExpires() async throws {
        try await EmulatorHarness.run { harness in
            let code = try await code(harness)
            harness.emulator.advanceClock(by: 601)
            let late = try await token(harness, redeem(code))
            #expect(late.json["error"] as? String == "invalid_grant" && codes(late.json) == [70008])
        }
    }

    @Test func deviceCodePollsArePendingThenSlowDownThenExpired() async throws {
        try await EmulatorHarness.run { harness in
            let body = "client_id=\(EmulatorConfiguration.defaultClientId)&scope=openid%20offline_access"
            let started = try await transport.send(HTTPRequest(
                method: "POST", url: harness.emulator.authority.appendingPathComponent("oauth2/v2.0/devicecode"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8)))
            let json = try #require((try? JSONSerialization.jsonObject(with: started.body)) as? [String: Any])
            #expect(json["expires_in"] as? Int == 900 && json["interval"] as? Int == 5)
            let deviceCode = try #require(json["device_code"] as? String)
            let grant = [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)]
            #expect(try await token(harness, grant).json["error"] as? String == "authorization_pending")
            // The next poll comes "at once" on the emulator's clock, however long a loaded machine
            // takes to send it: the clock is moved a minute back first.
            harness.emulator.advanceClock(by: -60)
            #expect(try await token(harness, grant).json["error"] as? String == "slow_down", "polled again at once")
            harness.emulator.advanceClock(by: 70)
            #expect(try await token(harness, grant).json["error"] as? String == "authorization_pending", "10 s later is fine")
            harness.emulator.advanceClock(by: 900)
            let expired = try await token(harness, grant)
            #expect(expired.json["error"] as? String == "expired_token" && codes(expired.json) == [70020])
            #expect(try await token(harness, [grant[0], ("device_code", "unknown")]).json["error"] as? String == "bad_verification_code")
        }
    }

    @Test func discoveryListsTheBrowserEndpointsThatExist() async throws {
        try await EmulatorHarness.run { harness in
            let response = try await transport.send(HTTPRequest(
                method: "GET", url: harness.emulator.authority.appendingPathComponent("v2.0/.well-known/openid-configuration"),
                headers: [], body: Data()))
            let json = try #require((try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any])
            for key in ["authorization_endpoint", "token_endpoint", "device_authorization_endpoint", "jwks_uri"] {
                let url = try #require((json[key] as? String).flatMap(URL.init(string:)), "\(key)")
                let probe = try await transport.send(HTTPRequest(method: key == "token_endpoint" || key == "device_authorization_endpoint" ? "POST" : "GET",
                                                                 url: url, headers: [], body: Data()))
                #expect(probe.status != 404, "\(key) \(url) exists")
            }
            #expect(json["response_types_supported"] as? [String] == ["code"])
            #expect(json["code_challenge_methods_supported"] as? [String] == ["S256"])
        }
    }
}
