import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import NativeAuthEmulator
import NativeAuthShared

/// The request context of the replay: the test runs on the emulator's machine, so its peer counts as
/// loopback (the admin API answers it); there is no connection to drop. (The same as
/// NativeAuthEmulatorTests' `InProcessContext`: test targets cannot share sources.)
struct ReplayContext: EmulatorRequestContext {
    var coreContext: CoreRequestContextStorage
    var exchange = RequestExchange()

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    var peerIsLoopback: Bool { true }

    func dropConnection() async {}
}

/// One answer of the emulator: status and body.
struct EmulatorAnswer: Sendable {
    var status: Int
    var body: Data

    /// The body as a JSON object, or nil when it is not one.
    var object: [String: JSONValue]? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: body), case .object(let members) = value else { return nil }
        return Dictionary(members, uniquingKeysWith: { first, _ in first })
    }
}

/// Sends requests to an emulator's router in process (HummingbirdTesting's `.router` mode).
struct InProcessClient: Sendable {
    let client: any TestClientProtocol
    let core: EmulatorCore

    /// Runs `body` with a client of an in-process emulator configured with `configuration`.
    static func with<Value: Sendable>(_ configuration: EmulatorConfiguration,
                                      _ body: @Sendable (InProcessClient) async throws -> Value) async throws -> Value {
        let core = try EmulatorCore(configuration: configuration)
        let app = Application(router: EmulatorRouter.make(core: core, context: ReplayContext.self), logger: configuration.logger)
        return try await app.test(.router) { client in
            try await body(InProcessClient(client: client, core: core))
        }
    }

    /// POSTs `form` to `path` under the tenant (such as `/oauth2/v2.0/initiate`).
    func post(_ path: String, form: [(String, String)], clientRequestId: String) async throws -> EmulatorAnswer {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[HTTPField.Name("client-request-id")!] = clientRequestId
        return try await send("/\(core.tenantDomain)\(path)", method: .post, headers: headers, body: Data(Self.formEncode(form).utf8))
    }

    /// Sends `json` to `path` under the tenant with `method` (an API V2 step, such as `/api/v2.0/signin`).
    func send(_ path: String, method: HTTPRequest.Method, json: Data, clientRequestId: String) async throws -> EmulatorAnswer {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[HTTPField.Name("client-request-id")!] = clientRequestId
        return try await send("/\(core.tenantDomain)\(path)", method: method, headers: headers, body: json)
    }

    /// A request to the admin API, `/_emulator/{path}`, with a JSON body.
    func admin(_ method: HTTPRequest.Method, _ path: String, json: Data) async throws -> EmulatorAnswer {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.authorization] = "Bearer \(core.configuration.adminToken ?? "")"
        return try await send("/_emulator/\(path)", method: method, headers: headers, body: json)
    }

    private func send(_ uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: Data) async throws -> EmulatorAnswer {
        let response = try await client.executeRequest(uri: uri, method: method, headers: headers, body: ByteBuffer(bytes: body))
        return EmulatorAnswer(status: response.status.code, body: Data(response.body.readableBytesView))
    }

    static func formEncode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            name.addingPercentEncoding(withAllowedCharacters: allowed)! + "=" + value.addingPercentEncoding(withAllowedCharacters: allowed)!
        }.joined(separator: "&")
    }
}
