import Foundation
import NativeAuth
import NativeAuthTestSupport
import Synchronization

/// A scripted server for OTP sign-ins and rotating refreshes (`fake-refresh-<n>`, `fake-access-<n>`),
/// counting the refresh grants and the refresh tokens they spent.
final class ServerMock: Sendable {
    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
    static let clientId = "00001111-aaaa-2222-bbbb-3333cccc4444"

    private final class Spent: Sendable {
        let tokens = Mutex<[String]>([])
    }

    private let spent = Spent()
    let transport: ScriptedTransport

    init(gate: RequestGate? = nil) {
        let spent = spent
        let counter = Mutex(0)
        transport = ScriptedTransport(gate: gate) { request, form in
            switch request.url.lastPathComponent {
            case "initiate": return ScriptedTransport.json(200, #"{"continuation_token":"CT1"}"#)
            case "challenge":
                return ScriptedTransport.json(200, """
                    {"continuation_token":"CT2","challenge_type":"oob","binding_method":"prompt",
                     "challenge_channel":"email","challenge_target_label":"a***e@c*****o.com","code_length":8}
                    """)
            case "token" where form["grant_type"] == "refresh_token":
                let token = form["refresh_token"] ?? ""
                let reused = spent.tokens.withLock { spent in
                    defer { spent.append(token) }
                    return spent.contains(token)
                }
                if reused { return ScriptedTransport.json(400, #"{"error":"invalid_grant","error_description":"AADSTS70000: spent","error_codes":[70000]}"#) }
                let n = counter.withLock { $0 += 1; return $0 }
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-\(n)", refreshToken: "fake-refresh-\(n)"))
            case "token":
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0"))
            default: return HTTPResponse(status: 404)
            }
        }
    }

    /// The refresh tokens spent, in order.
    var spentRefreshTokens: [String] { spent.tokens.withLock { $0 } }

    func app(clock: ManualClock = ManualClock()) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(clientId: Self.clientId, authority: Self.authority, challengeTypes: [.OOB],
                                              transport: transport, clock: clock)
    }

    /// Signs `username` in on `app` (a partition).
    static func signIn(_ app: NativeAuthPublicClientApplication, _ username: String) async throws -> NativeAuthUserAccountResult {
        guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: username)) else {
            throw Failure("no code state")
        }
        switch await state.submitCode(code: "12345678") {
        case .completed(let result): return result
        case .error(let error, _): throw error
        default: throw Failure("not signed in")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
