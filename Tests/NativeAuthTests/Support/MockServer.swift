import Foundation
import NativeAuth
import NativeAuthTestSupport
import Synchronization

/// A tiny scripted native-auth server for unit tests: OTP or password sign-in and refresh, answered by
/// path. Refreshes rotate the refresh token (`fake-refresh-<n>`) and issue `fake-access-<n>`.
enum MockServer {
    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
    static let clientId = "00001111-aaaa-2222-bbbb-3333cccc4444"

    /// A transport that answers like the server. `challenge` is what `/challenge` asks for.
    static func transport(
        challenge: String = "oob", gate: RequestGate? = nil, expiresIn: Int = 3600,
        responseHeaders: @escaping @Sendable (HTTPRequest) -> [String: String] = { _ in [:] }
    ) -> ScriptedTransport {
        let refreshes = Mutex(0)
        return ScriptedTransport(gate: gate) { request, form in
            let headers = responseHeaders(request)
            switch request.url.lastPathComponent {
            case "initiate":
                return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#, headers: headers)
            case "challenge" where challenge == "password":
                return ScriptedTransport.json(200, #"{"continuation_token":"CT2-mock","challenge_type":"password"}"#, headers: headers)
            case "challenge":
                return ScriptedTransport.json(200, """
                    {"continuation_token":"CT2-mock","challenge_type":"oob","binding_method":"prompt",
                     "challenge_channel":"email","challenge_target_label":"u***r@e*****e.com","code_length":8}
                    """, headers: headers)
            case "token" where form["grant_type"] == "refresh_token":
                let n = refreshes.withLock { $0 += 1; return $0 }
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(
                    accessToken: "fake-access-\(n)", refreshToken: "fake-refresh-\(n)", expiresIn: expiresIn), headers: headers)
            case "token":
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(
                    accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: expiresIn), headers: headers)
            default:
                return HTTPResponse(status: 404)
            }
        }
    }

    static func app(
        _ transport: any HTTPTransport, challengeTypes: NativeAuthChallengeTypes = [.OOB],
        store: InMemoryTokenStore = InMemoryTokenStore(), clock: ManualClock = ManualClock()
    ) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(
            clientId: clientId, authority: authority, challengeTypes: challengeTypes, transport: transport,
            tokenStore: store, clock: clock)
    }
}
