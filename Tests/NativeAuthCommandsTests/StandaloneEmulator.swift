import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import NativeAuthEmulator
import CLITestSupport
import Testing

/// An emulator on a port of its own, as `nativeauth emulator` runs one, started in this process for
/// a test (its state in the sandbox), with its admin API at hand (``EmulatorAdminAccess``).
struct StandaloneEmulator: EmulatorAdminAccess {
    let emulator: Emulator
    /// `http://127.0.0.1:PORT/emulator.onmicrosoft.com`.
    let authority: String
    let adminToken: String
    /// Its state folder.
    let stateDirectory: String

    /// Starts it on a free port with its state in the sandbox (and `seed`, as `--seed` gives it;
    /// over HTTPS with `tls`, as `--tls`).
    static func start(in sandbox: CommandSandbox, stateFolder: String = "standalone", seed: URL? = nil,
                      tls: Bool = false) async throws -> StandaloneEmulator {
        let stateDirectory = sandbox.stateHome.appendingPathComponent(stateFolder, isDirectory: true)
        var configuration = EmulatorConfiguration()
        configuration.port = 0
        configuration.stateDirectory = stateDirectory
        configuration.seedFile = seed
        configuration.tls = tls
        configuration.fixedCode = sandbox.environment["NATIVEAUTH_EMULATOR_FIXED_CODE"]
        configuration.onCodeSent = { _ in }
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        let adminToken = EmulatorConfiguration.makeAdminToken()
        configuration.adminToken = adminToken
        let emulator = try await Emulator.start(configuration)
        return StandaloneEmulator(emulator: emulator, authority: emulator.authority.absoluteString, adminToken: adminToken,
                                  stateDirectory: stateDirectory.path)
    }

    /// `http://127.0.0.1:PORT` (`https` with TLS).
    var baseURL: URL { emulator.baseURL }

    /// With TLS, the CA file to trust (`tls/ca.pem` in its state folder).
    var caFile: String? { emulator.certificateAuthority?.certificateFile?.path }

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
