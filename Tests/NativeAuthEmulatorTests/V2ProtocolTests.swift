import Foundation
@testable import NativeAuthEmulator
import Testing

@Suite("API V2: tokens, codes, faults and hrefs")
struct V2ProtocolTests {
    @Test("A V1 continuation token is refused on a V2 href, and a V2 one at V1's endpoints")
    func tokensAreNotInterchangeable() async throws {
        try await withEmulator { client in
            let v1 = try await client.initiate("alice@example.com")
            let v1Token = try #require(v1.string("continuation_token"))
            let started = try await client.v2Start("sign_in", ["username": "alice@example.com"])
            let href = try #require((started.embeddedMethods.first?["_links"] as? [String: Any]).flatMap { ($0["challenge"] as? [String: Any])?["href"] as? String })
            let refused = try await client.step(href, ["continuationToken": v1Token])
            #expect(refused.status == 400)
            #expect(refused.halError.code == "invalidRequest")
            #expect(refused.halError.inner == "invalidContinuationToken")
            #expect(refused.halError.message?.hasPrefix("AADSTS55200: ") == true)
            // A V1 token is no entry token either.
            let entry = try await client.v2Entry()
            let asEntry = try await client.step(try #require(entry.string("sign_in")), ["continuationToken": v1Token, "username": "alice@example.com"])
            #expect(asEntry.halError.inner == "invalidContinuationToken")

            let v2Token = try #require(started.string("continuationToken"))
            let atV1 = try await client.challenge(v2Token)
            #expect(atV1.status == 400)
            #expect(atV1.string("error") == "invalid_request")
            #expect(atV1.errorCode == 55200)
            // Neither refusal spent anything: both flows go on.
            #expect(try await client.challenge(v1Token).status == 200)
            #expect(try await client.challengeMethod(started, type: "email").status == 200)
        }
    }

    @Test("Expired and used tokens: a general invalidContinuationToken; the entry token expires too")
    func expiredAndUsedTokens() async throws {
        try await withEmulator { client in
            let challenged = try await client.v2CodeRequested()
            let done = try await client.follow(challenged, "verify", ["otp": "12345678"])
            let used = try await client.follow(challenged, "verify", ["otp": "12345678"])
            #expect(used.halError.code == "invalidRequest")
            #expect(used.halError.inner == "invalidContinuationToken")
            #expect(done.string("state") == "continue")

            let entry = try await client.v2Entry()
            let later = try await client.v2CodeRequested()
            client.emulator.advanceClock(by: 601)
            let expired = try await client.follow(later, "verify", ["otp": "12345678"])
            #expect(expired.halError.code == "invalidRequest")
            #expect(expired.halError.inner == "invalidContinuationToken")
            #expect(expired.halError.message?.hasPrefix("AADSTS552003: ") == true)
            let lateStart = try await client.step(try #require(entry.string("sign_in")),
                                                  ["continuationToken": try #require(entry.string("continuation_token")), "username": "alice@example.com"])
            #expect(lateStart.halError.message?.hasPrefix("AADSTS552003: ") == true)
        }
    }

    @Test("The authorization code: single use, short-lived, its client's only; the continue token is spent by the resume")
    func authorizationCode() async throws {
        try await withEmulator({ $0.additionalClientIds = ["00000000-0000-4000-8000-0000000000b2"] }) { client in
            let done = try await client.follow(try await client.v2CodeRequested(), "verify", ["otp": "12345678"])
            let resumed = try await client.v2Resume(done)
            let code = try #require(resumed.string("code"))
            let again = try await client.v2Resume(done)
            #expect(again.status == 400)
            #expect(again.string("error") == "invalid_request")

            var other = client
            other.clientId = "00000000-0000-4000-8000-0000000000b2"
            let stolen = try await other.v2Token(code)
            #expect(stolen.status == 400)
            #expect(stolen.errorCode == 70000)
            let tokens = try await client.v2Token(code, scope: nil)
            #expect(tokens.status == 200)
            #expect(tokens.string("scope") == "openid offline_access")
            let replayed = try await client.v2Token(code)
            #expect(replayed.string("error") == "invalid_grant")
            #expect(replayed.errorCode == 54005)

            let late = try await client.v2Resume(try await client.follow(try await client.v2CodeRequested(), "verify", ["otp": "12345678"]))
            client.emulator.advanceClock(by: 601)
            let expired = try await client.v2Token(try #require(late.string("code")))
            #expect(expired.errorCode == 70008)
        }
    }

    @Test("A resume before the journey is done is refused, flat")
    func resumeTooEarly() async throws {
        try await withEmulator { client in
            let challenged = try await client.v2CodeRequested()
            let early = try await client.v2Resume(challenged)
            #expect(early.status == 400)
            #expect(early.string("error") == "invalid_request")
            #expect(early.errorCode == 55200)
        }
    }

    @Test("Faults reach V2's endpoints by name, in each endpoint's envelope; a faulted step changes nothing")
    func faults() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"authorize-challenge","status":503}"#)
            let entry = try await client.v2Entry()
            #expect(entry.status == 503)
            #expect(entry.string("error") == "temporarily_unavailable")

            let challenged = try await client.v2CodeRequested()
            let queued = try await client.admin("POST", "faults", json: #"{"endpoint":"v2/verify","status":500}"#)
            #expect(queued.status == 200)
            let faulted = try await client.follow(challenged, "verify", ["otp": "12345678"])
            #expect(faulted.status == 500)
            #expect(faulted.halError.code == "serverError")
            #expect(try await client.follow(challenged, "verify", ["otp": "12345678"]).string("state") == "continue")

            for name in ["v2/signin", "v2/signup", "v2/resetpassword", "v2/challenge", "v2/attributes", "v2/enroll", "v2/activate",
                         "v2/update", "v2/poll"] {
                #expect(try await client.admin("POST", "faults", json: #"{"endpoint":"\#(name)","status":429}"#).status == 200)
            }
            #expect(try await client.v2Start("sign_in", ["username": "alice@example.com"]).halError.code == "temporarilyUnavailable")
        }
    }

    @Test("Malformed steps: not JSON, a form, a member of the wrong type, no token; a wrong method; an unknown tenant")
    func malformed() async throws {
        try await withEmulator { client in
            let signIn = try #require(try await client.v2Entry().string("sign_in"))
            let url = client.url(ofHref: signIn)
            let notJSON = try await client.raw(method: "POST", url: url, body: Data("{".utf8), headers: ["Content-Type": "application/json"])
            #expect(notJSON.halError.code == "invalidRequest")
            #expect(notJSON.halError.message?.hasPrefix("AADSTS9002313: ") == true)
            let form = try await client.raw(method: "POST", url: url, body: Data("username=a".utf8),
                                            headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(form.halError.code == "invalidRequest")
            #expect(try await client.step(signIn, ["continuationToken": 5]).halError.code == "invalidRequest")
            #expect(try await client.step(signIn, ["username": "alice@example.com"]).halError.message?.contains("continuationToken") == true)
            let get = try await client.raw(method: "GET", url: url, body: nil, headers: [:])
            #expect(get.status == 405)
            #expect(get.halError.code == "invalidRequest")
            let otherTenant = client.url(ofHref: "/contoso.onmicrosoft.com/api/v2.0/signin")
            let unknown = try await client.raw(method: "POST", url: otherTenant, body: Data("{}".utf8), headers: ["Content-Type": "application/json"])
            #expect(unknown.status == 400)
            #expect(unknown.halError.message?.hasPrefix("AADSTS90002: ") == true)
        }
    }

    @Test("Hrefs: absolute, templated, and another API version segment", arguments: V2HrefStyle.allCases)
    func hrefStyles(style: V2HrefStyle) async throws {
        try await withEmulator({ $0.v2HrefStyle = style; $0.v2APIVersion = "v0.1" }) { client in
            let entry = try await client.v2Entry()
            let signIn = try #require(entry.string("sign_in"))
            let tenant = client.emulator.core.tenantDomain
            switch style {
            case .relative: #expect(signIn == "/\(tenant)/api/v0.1/signin")
            case .absolute: #expect(signIn == "\(client.emulator.core.baseURL)/\(tenant)/api/v0.1/signin")
            case .templated: #expect(signIn == "{tenant}/api/v0.1/signin")
            }
            let challenged = try await client.v2CodeRequested()
            let done = try await client.follow(challenged, "verify", ["otp": "12345678"])
            #expect(done.string("state") == "continue")
            #expect(try await client.v2Complete(done).status == 200)
            let v20 = try await client.step("/\(tenant)/api/v2.0/signin", ["continuationToken": "x"])
            #expect(v20.status == 404)
        }
    }

    @Test("A step's tenant segment is the one the request used: the tenant ID gives hrefs under it")
    func tenantSegment() async throws {
        try await withEmulator { client in
            let tenantId = client.emulator.tenantId
            let entry = try await client.raw(method: "POST", url: URL(string: "\(client.emulator.baseURL.absoluteString)/\(tenantId)/oauth2/v2.0/authorize-challenge")!,
                                             body: Data("client_id=\(client.clientId)".utf8),
                                             headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(entry.string("sign_in") == "/\(tenantId)/api/v2.0/signin")
        }
    }

    @Test("The request log records V2 steps with their secrets redacted")
    func requestLog() async throws {
        try await withEmulator { client in
            let challenged = try await client.v2CodeRequested()
            _ = try await client.follow(challenged, "verify", ["otp": "12345678"])
            let log = try await client.admin("GET", "requests").json["requests"] as? [[String: Any]] ?? []
            let verify = try #require(log.last)
            #expect((verify["path"] as? String)?.hasSuffix("/verify") == true)
            #expect(verify["fields"] as? [String: String] == ["continuationToken": "<redacted>", "otp": "<redacted>"])
            #expect(!String(decoding: try JSONSerialization.data(withJSONObject: log), as: UTF8.self).contains("12345678"))
        }
    }

    @Test("A claims request for a context tied to a second factor is refused for a journey that did none, the code left unspent")
    func contextDemandsSecondFactor() async throws {
        let seed = try seedFile(#"{"authenticationContexts": [{"id": "c1", "secondFactor": true}]}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed }) { client in
            let done = try await client.follow(try await client.v2CodeRequested(), "verify", ["otp": "12345678"])
            let code = try #require(try await client.v2Resume(done).string("code"))
            let claims = #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#
            let refused = try await client.post("oauth2/v2.0/token", [("client_id", client.clientId), ("grant_type", "authorization_code"),
                                                                      ("code", code), ("scope", "openid"), ("claims", claims)])
            #expect(refused.errorCode == 50076)
            #expect(try await client.v2Token(code).status == 200)
        }
    }
}
