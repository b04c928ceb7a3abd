import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthEmulator

/// A parsed HTTP response from the emulator.
struct HTTPResult {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// The body as a JSON object (empty if it is not one).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    func string(_ key: String) -> String? { json[key] as? String }

    var errorCode: Int? { (json["error_codes"] as? [Any])?.first.flatMap { ($0 as? NSNumber)?.intValue } }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

struct EmulatorClientError: Error, CustomStringConvertible {
    var description: String
}

/// Talks to an emulator over real loopback HTTP with URLSession.
struct EmulatorClient {
    let emulator: Emulator
    let session: URLSession
    var clientId = EmulatorConfiguration.defaultClientId

    init(_ emulator: Emulator) {
        self.emulator = emulator
        self.session = URLSession(configuration: .ephemeral)
    }

    /// The admin token of the test emulators.
    static let adminToken = "test-admin-token-0123456789"

    /// Starts an in-memory emulator with a fixed code, quiet console and the admin API on (with
    /// ``adminToken``), for tests.
    static func startEmulator(_ adjust: (inout EmulatorConfiguration) -> Void = { _ in }) async throws -> Emulator {
        var config = EmulatorConfiguration()
        config.fixedCode = "12345678"
        config.onCodeSent = { _ in }
        config.logger.logLevel = .critical
        config.adminToken = adminToken
        adjust(&config)
        return try await Emulator.start(config)
    }

    /// POSTs a form to `{authority}/{path}`.
    func post(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) async throws -> HTTPResult {
        try await raw(method: "POST", url: emulator.authority.appendingPathComponent(path),
                      body: Data(Self.formEncode(fields).utf8),
                      headers: ["Content-Type": "application/x-www-form-urlencoded"].merging(headers) { $1 })
    }

    func initiate(_ username: String, challengeType: String = "oob password redirect") async throws -> HTTPResult {
        try await post("oauth2/v2.0/initiate", [("client_id", clientId), ("username", username), ("challenge_type", challengeType)])
    }

    func challenge(_ token: String, challengeType: String? = nil) async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("continuation_token", token)]
        if let challengeType { fields.append(("challenge_type", challengeType)) }
        return try await post("oauth2/v2.0/challenge", fields)
    }

    func submitCode(_ token: String, code: String, scope: String = "openid offline_access") async throws -> HTTPResult {
        try await post("oauth2/v2.0/token", [("client_id", clientId), ("continuation_token", token), ("grant_type", "oob"),
                                             ("oob", code), ("scope", scope)])
    }

    func submitPassword(_ token: String, password: String, scope: String = "openid offline_access") async throws -> HTTPResult {
        try await post("oauth2/v2.0/token", [("client_id", clientId), ("continuation_token", token), ("grant_type", "password"),
                                             ("password", password), ("scope", scope)])
    }

    func refresh(_ refreshToken: String, scope: String? = "openid offline_access") async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if let scope { fields.append(("scope", scope)) }
        return try await post("oauth2/v2.0/token", fields)
    }

    /// Runs initiate and challenge for an OTP user; returns the continuation token for the code.
    func startOTP(_ username: String = "alice@example.com") async throws -> String {
        let started = try await initiate(username, challengeType: "oob redirect")
        guard let first = started.string("continuation_token") else { throw EmulatorClientError(description: "initiate: \(started.status)") }
        let challenged = try await challenge(first)
        guard let second = challenged.string("continuation_token") else { throw EmulatorClientError(description: "challenge: \(challenged.status)") }
        return second
    }

    /// A complete OTP sign-in with the fixed code; returns the token response.
    func signInOTP(_ username: String = "alice@example.com", scope: String = "openid offline_access") async throws -> HTTPResult {
        try await submitCode(try await startOTP(username), code: "12345678", scope: scope)
    }

    /// An admin request to `/_emulator/{path}` with an optional JSON body, carrying `token` (by default
    /// the test emulators' admin token; nil sends none).
    func admin(_ method: String, _ path: String, json: String? = nil, token: String? = EmulatorClient.adminToken) async throws -> HTTPResult {
        var headers = json == nil ? [:] : ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await raw(method: method, url: URL(string: emulator.baseURL.absoluteString + "/_emulator/" + path)!,
                             body: json.map { Data($0.utf8) }, headers: headers)
    }

    func get(_ url: URL) async throws -> HTTPResult {
        try await raw(method: "GET", url: url, body: nil, headers: [:])
    }

    func raw(method: String, url: URL, body: Data?, headers: [String: String]) async throws -> HTTPResult {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw EmulatorClientError(description: "not HTTP") }
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
        return HTTPResult(status: http.statusCode, headers: fields, body: data)
    }

    static func formEncode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            name.addingPercentEncoding(withAllowedCharacters: allowed)! + "=" + value.addingPercentEncoding(withAllowedCharacters: allowed)!
        }.joined(separator: "&")
    }
}

/// Starts a test emulator, runs `body` with a client, and always stops the emulator.
func withEmulator(
    _ adjust: (inout EmulatorConfiguration) -> Void = { _ in },
    _ body: (EmulatorClient) async throws -> Void
) async throws {
    let emulator = try await EmulatorClient.startEmulator(adjust)
    do {
        try await body(EmulatorClient(emulator))
    } catch {
        try? await emulator.stop()
        throw error
    }
    try await emulator.stop()
}
