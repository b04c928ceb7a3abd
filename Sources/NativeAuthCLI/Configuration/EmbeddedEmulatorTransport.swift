import Foundation
import Logging
import NativeAuth
import NativeAuthEmulator

/// Sends the library's requests, unchanged, to the embedded emulator: the application's authority
/// is the emulator's real one (`http://127.0.0.1:PORT/emulator.onmicrosoft.com`, on a port reserved
/// for it), and the emulator is started on that port by the first request. So commands that send no
/// request (`status`, `token` with a cached token) never start it.
final class EmbeddedEmulatorTransport: HTTPTransport {
    private let host: EmbeddedEmulatorHost
    private let network = HTTPTransports.makeDefault()

    init(host: EmbeddedEmulatorHost) {
        self.host = host
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            try await host.start()
        } catch {
            throw HTTPTransportError(error.description, isTransient: false)
        }
        return try await network.send(request)
    }
}

/// The embedded emulator of this process: a port reserved up front (so the application can be built
/// with the real authority), the emulator started on it once, on demand, with its state in the
/// shared emulator state folder.
actor EmbeddedEmulatorHost {
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The reserved port.
    nonisolated let port: Int
    /// `http://127.0.0.1:PORT/emulator.onmicrosoft.com`.
    nonisolated let authority: URL
    private let verbose: Bool
    private var emulator: Emulator?
    private var starting: Task<Emulator, any Error>?

    /// Reserves a free loopback port; nothing listens on it until ``start()``.
    init(verbose: Bool) throws(CLIFailure) {
        do {
            port = try LoopbackPort.reserve()
        } catch {
            throw CLIFailure(.failure, "The embedded emulator found no port to listen on: \(error).")
        }
        authority = URL(string: "http://127.0.0.1:\(port)\(SignInLocation.embeddedTenantPath)")!
        self.verbose = verbose
    }

    /// Starts the emulator on the reserved port, unless it runs already.
    func start() async throws(StartFailure) {
        if emulator != nil { return }
        let task = starting ?? Task { [port, verbose] in try await Self.launch(port: port, verbose: verbose) }
        starting = task
        do {
            emulator = try await task.value
        } catch {
            throw StartFailure(description: "The embedded emulator could not listen on 127.0.0.1:\(port), a port that was "
                + "free a moment ago (another program may have taken it meanwhile): run the command again. (\(error))")
        }
    }

    /// Stops the emulator if it was started.
    func stop() async {
        guard let emulator else { return }
        self.emulator = nil
        try? await emulator.stop()
    }

    private static func launch(port: Int, verbose: Bool) async throws -> Emulator {
        var configuration = EmulatorConfiguration()
        configuration.port = port
        configuration.stateDirectory = EmulatorSettings.stateDirectory
        configuration.fixedCode = EmulatorSettings.fixedCode
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        let announcement = CodeAnnouncement(stateDirectory: EmulatorSettings.stateDirectory)
        configuration.onCodeSent = { announcement.show($0) }
        let emulator = try await Emulator.start(configuration)
        if verbose {
            Console.info("Using the embedded emulator on \(emulator.baseURL.absoluteString) (state in "
                + "\(EmulatorSettings.stateDirectory.path)).")
        }
        return emulator
    }
}
