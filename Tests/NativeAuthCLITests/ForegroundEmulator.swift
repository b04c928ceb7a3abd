import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import CLITestSupport
import Testing

/// A `nativeauth emulator` running in the foreground for a test, with its admin API at hand
/// (``EmulatorAdminAccess``, through the admin token it prints at start).
struct ForegroundEmulator: EmulatorAdminAccess {
    let process: LiveCLI
    /// `http://127.0.0.1:PORT/emulator.onmicrosoft.com`.
    let authority: String
    /// The admin token it printed.
    let adminToken: String
    /// Its state folder.
    let stateDirectory: String

    /// Starts `nativeauth emulator` on a free port with its state in the sandbox, and `arguments`.
    static func start(in sandbox: CLISandbox, stateFolder: String = "standalone", arguments: [String] = []) async throws -> ForegroundEmulator {
        let stateDir = sandbox.stateHome.appendingPathComponent(stateFolder).path
        let process = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir] + arguments)
        let authority = try await process.waitForStdout(#"authority: (\S+)"#)
        let token = try await process.waitForStdout(#"admin token: (\S+)"#)
        return ForegroundEmulator(process: process, authority: authority, adminToken: token, stateDirectory: stateDir)
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL {
        let url = URL(string: authority)!
        return URL(string: "\(url.scheme!)://\(url.host!):\(url.port!)")!
    }

    /// Sends a request to `/_emulator/{path}` with `token` (or none) and returns the status and body.
    func raw(_ method: String, _ path: String, token: String?, json: String? = nil) async throws -> (status: Int, body: String) {
        try await LoopbackHTTP.request(method, URL(string: "\(baseURL.absoluteString)/_emulator/\(path)")!, bearer: token, json: json)
    }

    /// POSTs `fields` as a form to `{authority}/{path}` and returns the JSON object answered.
    func form(_ path: String, _ fields: [String: String]) async throws -> [String: Any] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        let answer = try await LoopbackHTTP.request("POST", URL(string: "\(authority)/\(path)")!, form: body)
        return (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) as? [String: Any] ?? ["status": answer.status]
    }

    /// Stops it with SIGTERM and returns how it ended.
    func stop() async -> CLIResult {
        process.terminate()
        return await process.finish(closingInput: false)
    }
}

