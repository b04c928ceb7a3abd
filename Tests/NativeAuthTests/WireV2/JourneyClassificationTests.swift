import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// How V2 answers are sorted before any flow reads them (docs/PROTOCOL.md §18.4, §19, §26, §27).
@Suite struct JourneyClassificationTests {
    private func classify(_ status: Int, _ body: String, headers: [String: String] = [:], entry: Bool = false) -> WireOutcome<HALResponse> {
        WireClient.classifyJourney(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)), as: HALResponse.self, entry: entry)
    }

    private func rejection(_ outcome: WireOutcome<HALResponse>) -> WireRejection? {
        if case .rejected(let rejection) = outcome { return rejection }
        return nil
    }

    @Test func theEntryIsA200Or401Or403WithAContinuationToken() {
        let body = #"{"error":"InsufficientAuthorization","continuation_token":"CT0","sign_in":"/t/api/v2.0/signin"}"#
        for status in [200, 401, 403] {
            guard case .success(let answer) = classify(status, body, entry: true) else {
                Issue.record("\(status) is the entry answer")
                continue
            }
            #expect(answer.link("sign_in") == "/t/api/v2.0/signin")
        }
        let refused = rejection(classify(401, #"{"error":"unauthorized_client","error_description":"AADSTS700016: no app"}"#, entry: true))
        #expect(refused?.serverError?.error.rawValue == "unauthorized_client")
        #expect(refused?.serverError?.errorCodes == [700016], "AADSTS numbers from the description when error_codes is missing")
        #expect(rejection(classify(401, body)) != nil, "a step that is not the entry does not take a 401 as its answer")
    }

    @Test func aRedirectIsNeverFollowedNorRead() {
        let failure = rejection(classify(307, #"{"continuationToken":"CT1","state":"continue"}"#, headers: ["Location": "https://evil.example/x"]))
        guard case .unavailable(let why)? = failure else {
            Issue.record("a 3xx is no usable answer")
            return
        }
        #expect(why.kind == .redirect(status: 307, locationHost: "evil.example"))
    }

    @Test func webFallbackComesAsStateOrAsRedirectToWeb() {
        #expect(rejection(classify(200, #"{"state":"webFallbackRequired","continuationToken":"CT1"}"#)) == .redirect(reason: nil))
        #expect(rejection(classify(400, #"{"error":"redirect_to_web","error_description":"Use the browser."}"#)) == .redirect(reason: "Use the browser."))
        #expect(rejection(classify(401, #"{"error":"redirect_to_web"}"#, entry: true)) == .redirect(reason: nil))
    }

    @Test func eitherEnvelopeIsAProtocolErrorSpeltAsSent() {
        let nested = rejection(classify(400, #"""
            {"error":{"code":"invalidGrant","message":"AADSTS50181: wrong","innerError":{"code":"invalid_oob_value"},"invalidAttributes":["city"]}}
            """#))
        #expect(nested?.serverError?.error.rawValue == "invalidGrant")
        #expect(nested?.serverError?.suberror?.rawValue == "invalid_oob_value")
        #expect(nested?.serverError?.errorCodes == [50181])
        #expect(nested?.serverError?.isJourneyWrongCode == true)
        #expect(nested?.serverError?.journeyInvalidAttributeNames == ["city"])
        let onlyAnError = rejection(classify(200, #"{"error":{"code":"userNotFound","message":"AADSTS50034: none"}}"#))
        #expect(onlyAnError == .protocolError(ServerErrorResponse(error: ServerErrorCode(rawValue: "userNotFound"), errorDescription: "AADSTS50034: none",
                                                                  errorCodes: [50034]), status: 200))
    }

    @Test func anythingElseIsNoUsableAnswer() {
        #expect(rejection(classify(500, "oops")) == .unavailable(WireFailure(kind: .unexpectedStatus(500))))
        guard case .unavailable(let failure)? = rejection(classify(400, "<html>")), case .undecodableBody(400, _) = failure.kind else {
            Issue.record("a 400 that is neither envelope is unreadable")
            return
        }
        guard case .unavailable(let why)? = rejection(classify(200, "[1,2]")), case .undecodableBody(200, _) = why.kind else {
            Issue.record("a 200 that is not an object is unreadable")
            return
        }
    }

    @Test func attributeNamesAreReadFromTheMessageWhenNoListCame() {
        let error = ServerErrorResponse(error: ServerErrorCode(rawValue: "invalidAttributes"),
                                        errorDescription: "AADSTS550010: One or more attributes are not valid: country, city.")
        #expect(error.journeyInvalidAttributeNames == ["country", "city"])
    }
}

/// The `api` setting: V1 by default, V2 by configuration, on the configuration and the convenience initializers.
@Suite struct APISettingTests {
    @Test func v1IsTheDefaultAndV2IsOneSettingAway() throws {
        let config = try NativeAuthPublicClientApplicationConfig(clientId: ReplayFixture.clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB])
        #expect(config.api == .v1)
        #expect(try NativeAuthPublicClientApplication(nativeAuthConfiguration: config).api == .v1)
        config.api = .v2
        #expect(try NativeAuthPublicClientApplication(nativeAuthConfiguration: config).api == .v2)
        let convenient = try NativeAuthPublicClientApplication(clientId: ReplayFixture.clientId, authority: ReplayFixture.authority,
                                                               challengeTypes: [.OOB], api: .v2)
        #expect(convenient.api == .v2)
        #expect(NativeAuthAPI(rawValue: "v2") == .v2 && NativeAuthAPI.allCases == [.v1, .v2])
    }

    @Test("The same app code, V1 then V2: each speaks its own wire")
    func eachAPISpeaksItsOwnWire() async throws {
        for api in NativeAuthAPI.allCases {
            let fixture = try ReplayFixture("OTPSuccess", api: api)
            _ = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
            let first = try #require(fixture.transport.requests.first)
            #expect(first.url.path.hasSuffix(api == .v1 ? "/oauth2/v2.0/initiate" : "/oauth2/v2.0/authorize-challenge"))
        }
    }
}
