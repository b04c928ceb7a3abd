import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import NativeAuthEmulator
import Testing

/// An emulator on a port of its own, as `nativeauth emulator` runs one, started in this process for
/// a test (its state in the sandbox), with its admin API at hand.
struct StandaloneEmulator: Sendable {
    let emulator: Emulator
    /// `http://127.0.0.1:PORT/emulator.onmicrosoft.com`.
    let authority: String
    let adminToken: String
    /// Its state folder.
    let stateDirectory: String

    /// Starts it on a free port with its state in the sandbox (and `seed`, as `--seed` gives it).
    static func start(in sandbox: CommandSandbox, stateFolder: String = "standalone", seed: URL? = nil) async throws -> StandaloneEmulator {
        let stateDirectory = sandbox.stateHome.appendingPathComponent(stateFolder, isDirectory: true)
        var configuration = EmulatorConfiguration()
        configuration.port = 0
        configuration.stateDirectory = stateDirectory
        configuration.seedFile = seed
        configuration.fixedCode = sandbox.environment["NATIVEAUTH_EMULATOR_FIXED_CODE"]
        configuration.onCodeSent = { _ in }
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        let adminToken = EmulatorConfiguration.makeAdminToken()
        configuration.adminToken = adminToken
        let emulator = try await Emulator.start(configuration)
        return StandaloneEmulator(emulator: emulator, authority: emulator.authority.absoluteString, adminToken: adminToken,
                                  stateDirectory: stateDirectory.path)
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { emulator.baseURL }

    /// Sends an admin request to `/_emulator/{path}` with the admin token and returns the JSON answer.
    @discardableResult
    func admin(_ method: String, _ path: String, json: String? = nil) async throws -> Any {
        var request = URLRequest(url: baseURL.appendingPathComponent("_emulator/\(path)"))
        request.httpMethod = method
        request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization")
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require((200..<300).contains(status), "admin \(method) \(path): HTTP \(status) \(String(decoding: data, as: UTF8.self))")
        return try JSONSerialization.jsonObject(with: data)
    }

    /// The paths of the protocol requests the emulator received, oldest first.
    func requestedPaths() async throws -> [String] {
        let log = try await admin("GET", "requests")
        let entries = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
        return entries.compactMap { $0["path"] as? String }
    }

    /// Stops it; status 0 when it stopped cleanly (as `nativeauth emulator` exits 0 on SIGTERM).
    func stop() async -> CLIResult {
        do {
            try await emulator.stop()
            return CLIResult(status: 0, stdout: "", stderr: "")
        } catch {
            return CLIResult(status: 1, stdout: "", stderr: "\(error)")
        }
    }
}
