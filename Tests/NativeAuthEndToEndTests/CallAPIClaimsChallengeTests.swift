import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTestSupport
import Synchronization
import Testing

/// `callAPI` and a claims challenge from the emulator's `/v1.0/me` (a tenant whose Graph requires an
/// authentication context): one token request with the challenge's claims, one retry; when the
/// claims need the user, the error carries the challenge.
@Suite struct CallAPIClaimsChallengeTests {
    static func seed(secondFactor: Bool) -> String {
        #"{"authenticationContexts": [{"id": "c2", "secondFactor": \#(secondFactor), "requiredByGraph": true}]}"#
    }

    static let c2 = #"{"access_token":{"acrs":{"essential":true,"value":"c2"}}}"#

    @Test func aClaimsChallengeGetsOneTokenWithTheClaimsAndOneRetry() async throws {
        try await EmulatorHarness.run(seed: Self.seed(secondFactor: false)) { harness in
            let forms = FormRecordingTransport(next: HTTPTransports.makeDefault())
            let account = try await CallAPIEndToEndTests.signIn(harness, transport: forms)
            let signInRequests = forms.tokenForms.count
            let api = CountingTransport(next: HTTPTransports.makeDefault())
            let answer = try await account.callAPI(
                CallAPIEndToEndTests.me(harness), parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]), transport: api)
            #expect(answer.response.status == 200, "\(String(decoding: answer.response.body, as: UTF8.self))")
            #expect(answer.retriedWithRefreshedToken)
            #expect(api.authorizations.count == 2)
            let refreshes = forms.tokenForms.dropFirst(signInRequests)
            #expect(refreshes.count == 1)
            #expect(refreshes.first?["grant_type"] == "refresh_token")
            #expect(refreshes.first?["claims"] == Self.c2)
        }
    }

    @Test func claimsThatNeedASecondFactorEndInTheChallengeAndInteractionRequired() async throws {
        try await EmulatorHarness.run(seed: Self.seed(secondFactor: true)) { harness in
            let account = try await CallAPIEndToEndTests.signIn(harness)
            do throws(CallAPIError) {
                let answer = try await account.callAPI(CallAPIEndToEndTests.me(harness),
                                                       parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]))
                Issue.record("expected the claims challenge to fail, got \(answer.response.status)")
            } catch {
                guard case .claimsChallenge(let claims, let tokenError) = error else {
                    Issue.record("expected claimsChallenge, got \(error)")
                    return
                }
                #expect(error.code == .interactionRequired)
                #expect(tokenError.code == .interactionRequired)
                #expect(try ClaimsRequest(claimsChallenge: claims).jsonString() == Self.c2)
            }
        }
    }
}

/// Passes requests on and keeps the form of each request to `/oauth2/v2.0/token`.
final class FormRecordingTransport: HTTPTransport {
    private let next: any HTTPTransport
    private let seen = Mutex<[[String: String]]>([])

    init(next: any HTTPTransport) { self.next = next }

    var tokenForms: [[String: String]] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.url.path.hasSuffix("/oauth2/v2.0/token") {
            seen.withLock { $0.append(FormFields.dictionary(request.body)) }
        }
        return try await next.send(request)
    }
}
