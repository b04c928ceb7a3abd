import Foundation
import NativeAuth
import NativeAuthEmulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts an in-memory emulator on an ephemeral loopback port and builds applications against it.
struct EmulatorHarness: Sendable {
    let emulator: Emulator
    let store: InMemoryTokenStore

    static let alice = "alice@example.com"
    static let bob = "bob@example.com"
    static let bobPassword = "Passw0rd!"
    /// The admin token of the harness's emulators (their admin API is on, for the tests).
    static let adminToken = "harness-admin-token-0123456789"

    /// Starts an emulator; `fixedCode` makes every code sent equal to it; `configure` changes the rest.
    static func start(
        fixedCode: String? = "12345678", configure: (inout EmulatorConfiguration) -> Void = { _ in }
    ) async throws -> EmulatorHarness {
        var configuration = EmulatorConfiguration()
        configuration.port = 0
        configuration.stateDirectory = nil
        configuration.fixedCode = fixedCode
        configuration.onCodeSent = { _ in }
        configuration.adminToken = adminToken
        configure(&configuration)
        return EmulatorHarness(emulator: try await Emulator.start(configuration), store: InMemoryTokenStore())
    }

    /// An application of the emulator's default client, sharing this harness's token store, speaking `api`.
    func app(
        _ challengeTypes: NativeAuthChallengeTypes = [.OOB, .password],
        clock: any NativeAuthClock = SystemClock(), capabilities: NativeAuthCapabilities = [], api: NativeAuthAPI = .v1
    ) throws -> NativeAuthPublicClientApplication {
        try NativeAuthPublicClientApplication(
            clientId: EmulatorConfiguration.defaultClientId, authority: emulator.authority,
            challengeTypes: challengeTypes, capabilities: capabilities, tokenStore: store,
            retryPolicy: RetryPolicy(serverErrorDelay: .milliseconds(10), maximumRetryAfter: .seconds(1)),
            clock: clock, api: api)
    }

    /// Runs `body` against a fresh emulator and stops the emulator afterwards, whatever happens.
    static func run(
        fixedCode: String? = "12345678", configure: (inout EmulatorConfiguration) -> Void = { _ in },
        _ body: (EmulatorHarness) async throws -> Void
    ) async throws {
        let harness = try await start(fixedCode: fixedCode, configure: configure)
        do {
            try await body(harness)
        } catch {
            try? await harness.emulator.stop()
            throw error
        }
        try await harness.emulator.stop()
    }

    // MARK: Admin surface

    /// The codes the emulator "emailed" to `username`, oldest first.
    func codes(for username: String) async throws -> [String] {
        let encoded = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
        let json = try await admin("GET", "codes?username=\(encoded)")
        let list = (json as? [String: Any])?["codes"] as? [[String: Any]] ?? (json as? [[String: Any]]) ?? []
        return list.compactMap { $0["code"] as? String }
    }

    /// Moves the emulator's virtual clock forward.
    func advanceClock(seconds: Int) async throws {
        _ = try await admin("POST", "clock/advance", body: ["seconds": seconds])
    }

    /// Queues a fault for the next `count` requests to `endpoint` (`initiate`, `challenge`, `token`).
    func queueFault(endpoint: String, status: Int, count: Int = 1, headers: [String: String] = [:]) async throws {
        _ = try await admin("POST", "faults", body: ["endpoint": endpoint, "status": status, "count": count, "headers": headers,
                                                     "body": #"{"error":"temporarily_unavailable"}"#])
    }

    /// The paths of the requests the emulator received to the native-auth endpoints, in order.
    func requestLog() async throws -> [[String: Any]] {
        let json = try await admin("GET", "requests")
        return (json as? [String: Any])?["requests"] as? [[String: Any]] ?? (json as? [[String: Any]]) ?? []
    }

    private func admin(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> Any {
        var request = URLRequest(url: URL(string: "\(emulator.baseURL.absoluteString)/_emulator/\(path)")!)
        request.httpMethod = method
        request.setValue("Bearer \(Self.adminToken)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw HarnessError("admin \(method) \(path) answered \((response as? HTTPURLResponse)?.statusCode ?? 0): \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONSerialization.jsonObject(with: data)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
