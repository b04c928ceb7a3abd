import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Synchronization
import Testing

/// `callAPI` against the emulator's Graph-shaped `/v1.0/me`: the token goes along, a 401 is answered
/// by one refresh and one retry, a missing permission is reported as the API said, and a URL that
/// would expose the token is refused before anything is sent.
@Suite struct CallAPIEndToEndTests {
    /// Signs alice in (email code) with `scopes`.
    static func signIn(_ harness: EmulatorHarness, scopes: [String]? = ["User.Read"], transport: (any HTTPTransport)? = nil)
        async throws -> NativeAuthUserAccountResult
    {
        let app = try transport.map { try harness.app([.OOB], transport: $0) } ?? harness.app([.OOB])
        let parameters = NativeAuthSignInParameters(username: EmulatorHarness.alice)
        parameters.scopes = scopes
        guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: parameters),
              case .completed(let result) = await state.submitCode(code: "12345678")
        else { throw HarnessError("sign-in failed") }
        return result
    }

    static func me(_ harness: EmulatorHarness) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: "\(harness.emulator.baseURL.absoluteString)/v1.0/me")!,
                    headers: [("Accept", "application/json")], body: Data())
    }

    @Test func theSignedInUserComesBackInGraphsShape() async throws {
        try await EmulatorHarness.run { harness in
            let account = try await Self.signIn(harness)
            let answer = try await account.callAPI(Self.me(harness), parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]))
            #expect(answer.response.status == 200)
            #expect(!answer.retriedWithRefreshedToken)
            let user = try #require(try JSONSerialization.jsonObject(with: answer.response.body) as? [String: Any])
            #expect(user["displayName"] as? String == "Alice Example")
            #expect(user["mail"] as? String == EmulatorHarness.alice)
            #expect(user["userPrincipalName"] as? String == EmulatorHarness.alice)
            #expect((user["id"] as? String)?.count == 36)
        }
    }

    @Test func aRefusedTokenIsRefreshedOnceAndTheRequestSentAgain() async throws {
        try await EmulatorHarness.run { harness in
            let account = try await Self.signIn(harness)
            let cached = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]))
            // The emulator's clock passes the token's expiry; the app's does not, so it sends the cached token.
            harness.emulator.advanceClock(by: 2 * 3600)
            let counting = CountingTransport(next: HTTPTransports.makeDefault())
            let answer = try await account.callAPI(
                Self.me(harness), parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]), transport: counting)
            #expect(answer.response.status == 200, "\(String(decoding: answer.response.body, as: UTF8.self))")
            #expect(answer.retriedWithRefreshedToken)
            let tokens = counting.authorizations
            #expect(tokens.count == 2)
            #expect(tokens.first == "Bearer \(cached.accessToken)")
            #expect(tokens.last != tokens.first, "the retry carries the refreshed token")
        }
    }

    @Test func aTokenStillRefusedAfterTheRefreshIsReturnedAsTheAPIsAnswer() async throws {
        try await EmulatorHarness.run { harness in
            let account = try await Self.signIn(harness, scopes: ["api://contoso/Data.Read"])
            let answer = try await account.callAPI(
                Self.me(harness), parameters: NativeAuthGetAccessTokenParameters(scopes: ["api://contoso/Data.Read"]))
            #expect(answer.response.status == 401)
            #expect(answer.retriedWithRefreshedToken)
            #expect(answer.response.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true)
            let body = try #require(try JSONSerialization.jsonObject(with: answer.response.body) as? [String: Any])
            let error = body["error"] as? [String: Any]
            #expect(error?["code"] as? String == "InvalidAuthenticationToken")
            #expect((error?["message"] as? String)?.contains("Invalid audience") == true)
        }
    }

    @Test func aMissingPermissionIsA403WithoutARetry() async throws {
        try await EmulatorHarness.run { harness in
            let account = try await Self.signIn(harness, scopes: ["Mail.Read"])
            let answer = try await account.callAPI(Self.me(harness), parameters: NativeAuthGetAccessTokenParameters(scopes: ["Mail.Read"]))
            #expect(answer.response.status == 403)
            #expect(!answer.retriedWithRefreshedToken)
            #expect(answer.response.header("WWW-Authenticate")?.contains(#"error="insufficient_scope", scope="User.Read""#) == true)
        }
    }

    @Test func plainHTTPToAnotherHostIsRefusedBeforeAnythingIsSent() async throws {
        try await EmulatorHarness.run { harness in
            let account = try await Self.signIn(harness)
            let counting = CountingTransport(next: HTTPTransports.makeDefault())
            for url in ["http://graph.example.com/v1.0/me", "http://127.evil.example/me", "ftp://127.0.0.1/me"] {
                let request = HTTPRequest(method: "GET", url: URL(string: url)!, headers: [], body: Data())
                do throws(CallAPIError) {
                    _ = try await account.callAPI(request, transport: counting)
                    Issue.record("\(url) was allowed")
                } catch {
                    guard case .insecureURL = error else { Issue.record("\(url): \(error)"); continue }
                }
            }
            #expect(counting.authorizations.isEmpty)
            #expect(CallAPIError.allowsToken(to: URL(string: "https://graph.microsoft.com/v1.0/me")!))
            #expect(CallAPIError.allowsToken(to: URL(string: "http://[::1]:8080/v1.0/me")!))
        }
    }
}

/// Passes requests on and remembers the `Authorization` header of each.
final class CountingTransport: HTTPTransport {
    private let next: any HTTPTransport
    private let seen = Mutex<[String]>([])

    init(next: any HTTPTransport) { self.next = next }

    var authorizations: [String] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        seen.withLock { $0.append(request.header("Authorization") ?? "") }
        return try await next.send(request)
    }
}
