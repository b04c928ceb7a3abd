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

    /// Starts `nativeauth emulator` on a free port with its state in the sandbox.
    static func start(in sandbox: CLISandbox, stateFolder: String = "standalone") async throws -> ForegroundEmulator {
        let stateDir = sandbox.stateHome.appendingPathComponent(stateFolder).path
        let process = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
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

    /// Stops it with SIGTERM and returns how it ended.
    func stop() async -> CLIResult {
        process.terminate()
        return await process.finish(closingInput: false)
    }
}

