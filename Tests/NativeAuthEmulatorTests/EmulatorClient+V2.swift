import Foundation
@testable import NativeAuthEmulator

/// API V2's requests (docs/EMULATOR.md "API V2"): `authorize-challenge` (a form), the `/api/…` steps
/// at the hrefs the answers give (JSON), and `/token`'s `authorization_code` grant.
extension EmulatorClient {
    /// `POST authorize-challenge` with `client_id` (and optional `scope`): the entry answer.
    func v2Entry(scope: String? = nil) async throws -> HTTPResult {
        var fields = [("client_id", clientId)]
        if let scope { fields.append(("scope", scope)) }
        return try await post("oauth2/v2.0/authorize-challenge", fields)
    }

    /// The URL an href of the emulator's answers names: relative (`/{tenant}/…`), absolute, or
    /// templated (`{tenant}/…`, on the authority's tenant).
    func url(ofHref href: String) -> URL {
        if href.hasPrefix("http") { return URL(string: href)! }
        if href.hasPrefix("{tenant}/") {
            return URL(string: emulator.authority.absoluteString + "/" + href.dropFirst("{tenant}/".count))!
        }
        return URL(string: emulator.baseURL.absoluteString + href)!
    }

    /// A V2 step: `body` as JSON to `href`.
    func step(_ href: String, _ body: [String: Any], method: String = "POST") async throws -> HTTPResult {
        try await raw(method: method, url: url(ofHref: href), body: try JSONSerialization.data(withJSONObject: body),
                      headers: ["Content-Type": "application/json"])
    }

    /// The entry, then the journey's first step (`sign_in`, `sign_up` or `reset_password`) with `body`
    /// besides the entry's token.
    func v2Start(_ journey: String, _ body: [String: Any]) async throws -> HTTPResult {
        let entry = try await v2Entry()
        guard let token = entry.string("continuation_token"), let href = entry.string(journey) else {
            throw EmulatorClientError(description: "entry: \(entry.status) \(entry.json)")
        }
        return try await step(href, body.merging(["continuationToken": token]) { $1 })
    }

    /// Posts `answer`'s continuation token (and `body`) to its link `rel`.
    func follow(_ answer: HTTPResult, _ rel: String, _ body: [String: Any] = [:], method: String = "POST") async throws -> HTTPResult {
        guard let href = answer.link(rel), let token = answer.string("continuationToken") else {
            throw EmulatorClientError(description: "no \(rel) link or token in \(answer.status) \(answer.json)")
        }
        return try await step(href, body.merging(["continuationToken": token]) { $1 }, method: method)
    }

    /// Posts `answer`'s token to the `challenge` link of its embedded method of `type`.
    func challengeMethod(_ answer: HTTPResult, type: String) async throws -> HTTPResult {
        guard let method = answer.embeddedMethods.first(where: { $0["type"] as? String == type }),
              let href = ((method["_links"] as? [String: Any])?["challenge"] as? [String: Any])?["href"] as? String,
              let token = answer.string("continuationToken")
        else { throw EmulatorClientError(description: "no \(type) method in \(answer.json)") }
        return try await step(href, ["continuationToken": token])
    }

    /// `authorize-challenge` with a `continue` answer's token: the authorization code's answer.
    func v2Resume(_ answer: HTTPResult) async throws -> HTTPResult {
        try await post("oauth2/v2.0/authorize-challenge", [("continuation_token", answer.string("continuationToken") ?? "")])
    }

    /// `/token` with `grant_type=authorization_code` and `code`, as the SDKs send it (no PKCE, no redirect URI).
    func v2Token(_ code: String, scope: String? = "openid offline_access") async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("grant_type", "authorization_code"), ("code", code), ("client_info", "1")]
        if let scope { fields.append(("scope", scope)) }
        return try await post("oauth2/v2.0/token", fields)
    }

    /// Resumes a `continue` answer and redeems its code: the token answer.
    func v2Complete(_ answer: HTTPResult, scope: String? = "openid offline_access") async throws -> HTTPResult {
        let resumed = try await v2Resume(answer)
        guard let code = resumed.string("code") else { throw EmulatorClientError(description: "resume: \(resumed.status) \(resumed.json)") }
        return try await v2Token(code, scope: scope)
    }

    /// A V2 email-code sign-in up to the code: the `verify` answer.
    func v2CodeRequested(_ username: String = "alice@example.com") async throws -> HTTPResult {
        try await challengeMethod(try await v2Start("sign_in", ["username": username]), type: "email")
    }
}

extension HTTPResult {
    /// The href of the answer's link `rel`.
    func link(_ rel: String) -> String? {
        ((json["_links"] as? [String: Any])?[rel] as? [String: Any])?["href"] as? String
    }

    /// `_embedded.methods`.
    var embeddedMethods: [[String: Any]] {
        (json["_embedded"] as? [String: Any])?["methods"] as? [[String: Any]] ?? []
    }

    /// The nested error's `code`, `innerError.code` and `message`.
    var halError: (code: String?, inner: String?, message: String?) {
        let error = json["error"] as? [String: Any]
        return (error?["code"] as? String, (error?["innerError"] as? [String: Any])?["code"] as? String, error?["message"] as? String)
    }
}
