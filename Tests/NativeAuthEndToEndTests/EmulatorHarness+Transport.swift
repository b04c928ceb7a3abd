import Foundation
import NativeAuth
import NativeAuthEmulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the transport tests need from the harness beyond the flows: any fault, a raw request, an app
/// with a given transport.
extension EmulatorHarness {
    /// An application of the emulator's default client that sends through `transport`.
    func app(
        _ challengeTypes: NativeAuthChallengeTypes = [.OOB, .password], transport: any HTTPTransport
    ) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(
            clientId: EmulatorConfiguration.defaultClientId, authority: emulator.authority,
            challengeTypes: challengeTypes, transport: transport, tokenStore: store,
            retryPolicy: RetryPolicy(serverErrorDelay: .milliseconds(10), maximumRetryAfter: .seconds(1)))
    }

    /// A form POST to `initiate` as the library sends it (a password field is allowed there, so a
    /// test can tell whether a secret went somewhere it should not).
    func initiateRequest(username: String = EmulatorHarness.alice, password: String? = nil) -> HTTPRequest {
        var fields = [("client_id", EmulatorConfiguration.defaultClientId), ("username", username),
                      ("challenge_type", "oob password redirect")]
        if let password { fields.append(("password", password)) }
        let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        return HTTPRequest(
            method: "POST", url: emulator.authority.appendingPathComponent("oauth2/v2.0/initiate"),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
            body: Data(body.utf8))
    }

    /// Queues `fault` (the JSON of `POST /_emulator/faults`, see docs/EMULATOR.md).
    func queueFault(_ fault: [String: Any]) async throws {
        var request = URLRequest(url: emulator.baseURL.appendingPathComponent("_emulator/faults"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(Self.adminToken)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONSerialization.data(withJSONObject: fault)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw HarnessError("queueing a fault answered \((response as? HTTPURLResponse)?.statusCode ?? 0): "
                               + String(decoding: data, as: UTF8.self))
        }
    }
}
