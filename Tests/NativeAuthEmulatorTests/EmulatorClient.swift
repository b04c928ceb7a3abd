import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import NativeAuthEmulator

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

/// Talks to an emulator: in process through Hummingbird's router (HummingbirdTesting's `.router`
/// mode, no socket), or to a running ``Emulator`` over real loopback HTTP with URLSession.
struct EmulatorClient: Sendable {
    enum Transport: Sendable {
        case inProcess(any TestClientProtocol)
        case loopback(URLSession)
    }

    let emulator: any EmulatorUnderTest
    let transport: Transport
    var clientId = EmulatorConfiguration.defaultClientId
    /// The `?tenant=` of admin requests (nil: the demo tenant's admin API).
    var adminTenant: String?

    /// A client of another tenant of the same emulator: its authority, its client ID, its admin API.
    func tenant(_ core: EmulatorCore) -> EmulatorClient {
        var client = EmulatorClient(InProcessEmulator(core: core, tenants: emulator.tenants), transport: transport)
        client.clientId = core.clientId
        client.adminTenant = String(core.tenantDomain.dropLast(".onmicrosoft.com".count))
        return client
    }

    /// A client of a running emulator, over loopback HTTP.
    init(_ emulator: Emulator) {
        self.emulator = emulator
        self.transport = .loopback(URLSession(configuration: .ephemeral))
    }

    init(_ emulator: any EmulatorUnderTest, transport: Transport) {
        self.emulator = emulator
        self.transport = transport
    }

    /// The admin token of the test emulators.
    static let adminToken = "test-admin-token-0123456789"

    /// The configuration of the test emulators: in memory, a fixed code, quiet console and the admin
    /// API on (with ``adminToken``), then `adjust`.
    static func configuration(_ adjust: (inout EmulatorConfiguration) -> Void = { _ in }) -> EmulatorConfiguration {
        var config = EmulatorConfiguration()
        config.fixedCode = "12345678"
        config.onCodeSent = { _ in }
        config.logger.logLevel = .critical
        config.adminToken = adminToken
        adjust(&config)
        return config
    }

    /// Starts a test emulator listening on loopback (see ``configuration(_:)``).
    static func startEmulator(_ adjust: (inout EmulatorConfiguration) -> Void = { _ in }) async throws -> Emulator {
        try await Emulator.start(configuration(adjust))
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
        let query = adminTenant.map { (path.contains("?") ? "&" : "?") + "tenant=\($0)" } ?? ""
        return try await raw(method: method, url: URL(string: emulator.baseURL.absoluteString + "/_emulator/" + path + query)!,
                             body: json.map { Data($0.utf8) }, headers: headers)
    }

    func get(_ url: URL) async throws -> HTTPResult {
        try await raw(method: "GET", url: url, body: nil, headers: [:])
    }

    func raw(method: String, url: URL, body: Data?, headers: [String: String]) async throws -> HTTPResult {
        switch transport {
        case .inProcess(let client):
            return try await Self.send(client, method: method, url: url, body: body, headers: headers)
        case .loopback(let session):
            return try await Self.send(session, method: method, url: url, body: body, headers: headers)
        }
    }

    /// Hands the request to the emulator's router (only the URL's path and query matter).
    private static func send(_ client: any TestClientProtocol, method: String, url: URL, body: Data?,
                             headers: [String: String]) async throws -> HTTPResult {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw EmulatorClientError(description: "not a URL: \(url)")
        }
        let uri = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var fields = HTTPFields()
        for (name, value) in headers {
            guard let fieldName = HTTPField.Name(name) else { throw EmulatorClientError(description: "bad header name \(name)") }
            fields[fieldName] = value
        }
        let response = try await client.executeRequest(
            uri: uri, method: HTTPRequest.Method(method)!, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
        var received: [String: String] = [:]
        for field in response.headers { received[field.name.canonicalName] = field.value }
        return HTTPResult(status: response.status.code, headers: received, body: Data(response.body.readableBytesView))
    }

    private static func send(_ session: URLSession, method: String, url: URL, body: Data?,
                             headers: [String: String]) async throws -> HTTPResult {
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

/// Runs `body` with a client of a test emulator in process (see ``EmulatorClient/configuration(_:)``):
/// requests go straight to its router, without a socket.
@discardableResult
func withEmulator<Value: Sendable>(
    _ adjust: (inout EmulatorConfiguration) -> Void = { _ in },
    _ body: @Sendable (EmulatorClient) async throws -> Value
) async throws -> Value {
    let tenants = TenantRegistry(demo: try EmulatorCore(configuration: EmulatorClient.configuration(adjust)))
    let app = Application(responder: TenantDispatch(tenants: tenants, context: InProcessContext.self),
                          logger: tenants.demo.configuration.logger)
    return try await app.test(.router) { client in
        try await body(EmulatorClient(InProcessEmulator(core: tenants.demo, tenants: tenants), transport: .inProcess(client)))
    }
}

/// Starts a test emulator listening on loopback, runs `body` with a client that talks to it over
/// real HTTP, and always stops the emulator: for tests where the socket is the point.
func withLiveEmulator(
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
