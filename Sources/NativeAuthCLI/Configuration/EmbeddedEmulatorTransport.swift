import Foundation
import Logging
import NativeAuth
import NativeAuthEmulator

/// Sends the library's requests to the embedded emulator, starting it on the first request (so
/// commands that need no request, such as `status` or `token` with a cached token, never start it).
final class EmbeddedEmulatorTransport: HTTPTransport {
    private let host: EmbeddedEmulatorHost
    private let network = HTTPTransports.makeDefault()

    init(host: EmbeddedEmulatorHost) {
        self.host = host
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let base: URL
        do {
            base = try await host.baseURL()
        } catch {
            throw HTTPTransportError("The embedded emulator could not start: \(error)", isTransient: false)
        }
        var rewritten = request
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.scheme = base.scheme
        components?.host = base.host
        components?.port = base.port
        rewritten.url = components?.url ?? request.url
        return try await network.send(rewritten)
    }
}

/// The embedded emulator of this process: started once, on demand, with its state in the default
/// emulator state folder (shared with other processes), announced in one line on standard error.
actor EmbeddedEmulatorHost {
    private var emulator: Emulator?
    private var starting: Task<Emulator, any Error>?

    /// The emulator's base URL, starting it first if needed.
    func baseURL() async throws -> URL {
        if let emulator { return emulator.baseURL }
        if let starting { return try await starting.value.baseURL }
        let task = Task { try await Self.start() }
        starting = task
        let started = try await task.value
        emulator = started
        return started.baseURL
    }

    /// Stops the emulator if it was started.
    func stop() async {
        guard let emulator else { return }
        self.emulator = nil
        try? await emulator.stop()
    }

    private static func start() async throws -> Emulator {
        var configuration = EmulatorConfiguration()
        configuration.stateDirectory = EmulatorSettings.stateDirectory
        configuration.fixedCode = EmulatorSettings.fixedCode
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        configuration.onCodeSent = EmulatorSettings.printCode
        let emulator = try await Emulator.start(configuration)
        Console.info(
            "Using the embedded emulator (no --tenant, --authority or NATIVEAUTH_* set) on \(emulator.baseURL.absoluteString), "
                + "state in \(configuration.stateDirectory?.path ?? "memory"); codes are shown here.")
        return emulator
    }
}

/// Settings shared by the embedded emulator and `nativeauth emulator`.
enum EmulatorSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_FIXED_CODE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default state folder.
    static var stateDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_STATE_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return EmulatorConfiguration.defaultStateDirectory
    }

    /// Shows a code "sent by email" on the terminal.
    static let printCode: @Sendable (SentCode) -> Void = { sent in
        Console.info("emulator: email to \(sent.maskedTarget): code \(sent.code)")
    }
}
