@testable import NativeAuth
import Foundation
import NativeAuthShared
import Testing

/// The browser and device-code flows' pieces on their own: the grants' forms, the ID token's
/// checks, the redirect URI, `$BROWSER`, and the bounds put on a device-code answer.
@Suite("Browser and device-code pieces")
struct WebPiecesTests {
    private let scopes = ["openid", "profile", "offline_access"]

    @Test("authorization_code and device_code grants: their fields, no challenge_type")
    func grants() {
        let code = TokenGrant.authorizationCode("C1", redirectUri: "http://localhost:5000", codeVerifier: "V1")
        #expect(code.fields(scopes: scopes).map(\.0) == ["grant_type", "code", "redirect_uri", "code_verifier", "scope", "client_info"])
        #expect(code.grantType.rawValue == "authorization_code")
        let device = TokenGrant.deviceCode("D1")
        #expect(device.fields(scopes: scopes).map(\.0) == ["grant_type", "device_code", "scope", "client_info"])
        #expect(device.grantType.rawValue == "urn:ietf:params:oauth:grant-type:device_code")
    }

    private func token(_ claims: [String: Any]) throws -> TokenResponse {
        let payload = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        let body: [String: Any] = ["access_token": "a", "expires_in": 3600, "id_token": "e30.\(payload).sig"]
        return try JSONDecoder().decode(TokenResponse.self, from: try JSONSerialization.data(withJSONObject: body))
    }

    private let tid = "11111111-2222-3333-4444-555555555555"
    private var good: [String: Any] {
        ["aud": "client-1", "tid": tid, "iss": "https://\(tid).ciamlogin.com/\(tid)/v2.0", "nonce": "N1",
         "preferred_username": "u@example.com", "sub": "S"]
    }

    @Test("ID token: audience, issuer and nonce are checked; the username comes from the claims")
    func idTokenChecks() throws {
        let check = IDTokenCheck(clientId: "client-1", authority: URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!, nonce: "N1")
        #expect(try check.username(of: token(good), fallback: nil).get() == "u@example.com")
        var other = good
        other["aud"] = "client-2"
        #expect(throws: IDTokenCheck.Refusal.self) { try check.username(of: token(other), fallback: nil).get() }
        other = good
        other["nonce"] = "N2"
        #expect(throws: IDTokenCheck.Refusal.self) { try check.username(of: token(other), fallback: nil).get() }
        other = good
        other["iss"] = "https://evil.example/\(tid)/v2.0"
        #expect(throws: IDTokenCheck.Refusal.self) { try check.username(of: token(other), fallback: nil).get() }
        other = good
        other["iss"] = "http://\(tid).ciamlogin.com/\(tid)/v2.0"
        #expect(throws: IDTokenCheck.Refusal.self, "http issuer for an https authority") { try check.username(of: token(other), fallback: nil).get() }
        other = good
        other["preferred_username"] = nil
        #expect(try check.username(of: token(other), fallback: "hint@example.com").get() == "hint@example.com")

        let emulator = IDTokenCheck(clientId: "client-1", authority: URL(string: "http://127.0.0.1:4000/emulator.onmicrosoft.com")!, nonce: nil)
        other = good
        other["iss"] = "http://127.0.0.1:4000/\(tid)/v2.0"
        other["nonce"] = nil
        #expect(try emulator.username(of: token(other), fallback: nil).get() == "u@example.com", "the authority's own host, no nonce sent")
        other["iss"] = "http://127.0.0.1:4001/\(tid)/v2.0"
        #expect(throws: IDTokenCheck.Refusal.self, "another port") { try emulator.username(of: token(other), fallback: nil).get() }
    }

    @Test("The redirect URI: localhost by default, the app's loopback one when it set one")
    func redirectTemplate() {
        #expect(RedirectTemplate(configured: nil).uri(port: 5000) == "http://localhost:5000")
        #expect(RedirectTemplate(configured: "msauth.com.contoso.app://auth").uri(port: 5000) == "http://localhost:5000")
        let custom = RedirectTemplate(configured: "http://127.0.0.1/callback")
        #expect(custom.uri(port: 5000) == "http://127.0.0.1:5000/callback" && custom.path == "/callback")
        #expect(RedirectTemplate(configured: "http://[::1]/cb").host == "localhost", "the listener is IPv4")
        #expect(RedirectTemplate(configured: "https://localhost/cb").host == "localhost" && RedirectTemplate(configured: "https://localhost/cb").path == "/")
    }

    @Test("$BROWSER: colon-separated commands, %s or the URL last, then the platform's opener")
    func browserVariable() {
        let opener = SystemBrowserOpener(environment: ["BROWSER": "firefox --new-window:chromium --app=%s:"])
        let commands = opener.commands(for: "http://x/")
        #expect(commands.first == ["firefox", "--new-window", "http://x/"])
        #expect(commands.dropFirst().first == ["chromium", "--app=http://x/"], "%s inside a word too")
        #expect(commands.last?.first == "xdg-open" || commands.last?.first == "open")
        #expect(SystemBrowserOpener(environment: [:]).commands(for: "u").count == 1)
        #expect(SystemBrowserOpener(environment: ["BROWSER": String(repeating: "a:", count: 50)]).commands(for: "u").count == 9, "at most 8 from $BROWSER")
    }

    private func answer(_ json: String) throws -> DeviceCodeResponse {
        try JSONDecoder().decode(DeviceCodeResponse.self, from: Data(json.utf8))
    }

    @Test("A device-code answer is bounded: interval 1–60 (5 by default), lifetime at most an hour")
    func deviceCodeBounds() throws {
        let now = Date(timeIntervalSince1970: 0)
        let usual = try DeviceCodeGrant(answer(#"{"device_code":"D","user_code":"U","verification_uri":"https://x.example/d","expires_in":"900"}"#), now: now)
        #expect(usual.interval == 5 && usual.expiresOn == now.addingTimeInterval(900) && usual.message.contains("U"))
        let wild = try DeviceCodeGrant(answer(#"{"device_code":"D","user_code":"U","verification_url":"https://x.example/d","expires_in":99999,"interval":0}"#), now: now)
        #expect(wild.interval == 1 && wild.expiresOn == now.addingTimeInterval(3600))
        #expect(throws: DeviceCodeGrant.UnusableAnswer.self) {
            try DeviceCodeGrant(answer(#"{"device_code":"D","user_code":"U","verification_uri":"ftp://x/d","expires_in":900}"#), now: now)
        }
        #expect(throws: DeviceCodeGrant.UnusableAnswer.self) {
            try DeviceCodeGrant(answer(#"{"user_code":"U","verification_uri":"https://x/d","expires_in":900}"#), now: now)
        }
    }

    @Test("Public types of the browser flows are Sendable")
    func sendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(NativeAuthInteractiveTokenParameters.self)
        requireSendable(NativeAuthDeviceCodeParameters.self)
        requireSendable(DeviceCodePendingState.self)
        requireSendable(DeviceCodeStartResult.self)
        requireSendable(DeviceCodeWaitResult.self)
        requireSendable(InteractiveTokenError.self)
        requireSendable(DeviceCodeError.self)
        requireSendable(BrowserFallback.self)
        requireSendable(SystemBrowserOpener.self)
        requireSendable(NativeAuthPromptType.self)
    }
}
