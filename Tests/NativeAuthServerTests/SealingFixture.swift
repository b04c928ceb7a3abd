import Foundation
import NativeAuth
import NativeAuthServer
import NativeAuthTestSupport
import Synchronization

/// A scripted server for one sign-in by code, the keys and applications the sealing tests use.
enum SealingFixture {
    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
    static let clientId = "00001111-aaaa-2222-bbbb-3333cccc4444"

    /// Answers a sign-in by code: `/initiate`, `/challenge` (continuation token `CT2`), `/token`.
    static func transport() -> ScriptedTransport {
        ScriptedTransport { request, _ in
            switch request.url.lastPathComponent {
            case "initiate": ScriptedTransport.json(200, #"{"continuation_token":"CT1"}"#)
            case "challenge":
                ScriptedTransport.json(200, """
                    {"continuation_token":"CT2","challenge_type":"oob","binding_method":"prompt",
                     "challenge_channel":"email","challenge_target_label":"a***e@c*****o.com","code_length":8}
                    """)
            case "token": ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access", refreshToken: "fake-refresh"))
            default: HTTPResponse(status: 404)
            }
        }
    }

    /// An application (one "process"): its own transport and store, the same client ID unless told.
    static func app(_ transport: any HTTPTransport = transport(), clientId: String = clientId,
                    clock: ManualClock = ManualClock()) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(clientId: clientId, authority: authority, challengeTypes: [.OOB, .password],
                                              transport: transport, tokenStore: InMemoryTokenStore(), clock: clock)
    }

    static func key(_ id: String) throws -> SealingKey {
        try SealingKey(id: id, bytes: (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ id.utf8.count) } + [])
    }

    static func keys(_ id: String = "k1", previous: [String] = []) throws -> SealingKeys {
        try SealingKeys(current: key(id), previous: previous.map(key))
    }
}

/// A ledger that cannot be reached, as a database that is down.
struct UnreachableLedger: SealedStateLedger {
    struct Down: Error {}

    func recordFirstUse(of id: UUID, expiresAt: Date) async throws -> Bool { throw Down() }
}
