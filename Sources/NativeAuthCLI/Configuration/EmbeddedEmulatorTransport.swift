import Foundation
import Logging
import NativeAuth
import NativeAuthEmulator

/// Sends the library's requests to the embedded emulator: the application's authority is the
/// emulator's real one (`http://127.0.0.1:PORT/emulator.onmicrosoft.com`, on a port reserved for it),
/// and the emulator is started on that port by the first request. So commands that send no request
/// (`status`, `token` with a cached token) never start it. When another program took the reserved
/// port in between (a reserved port is free again until the emulator binds it, and any process's
/// outgoing connection may get it), the emulator listens on another free port and requests go there.
final class EmbeddedEmulatorTransport: HTTPTransport {
    private let host: EmbeddedEmulatorHost
    private let network = HTTPTransports.makeDefault()

    init(host: EmbeddedEmulatorHost) {
        self.host = host
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let port: Int
        do {
            port = try await host.start()
        } catch {
            throw HTTPTransportError(error.description, isTransient: false)
        }
        var request = request
        if port != host.port, var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
            components.port = port
            request.url = components.url ?? request.url
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

    /// Starts the emulator on the reserved port (or, when that was taken meanwhile, on another free
    /// one), unless it runs already, and returns the port it listens on.
    func start() async throws(StartFailure) -> Int {
        if let emulator { return emulator.port }
        let task = starting ?? Task { [port, verbose] in
            do {
                return try await Self.launch(port: port, verbose: verbose)
            } catch {
                return try await Self.launch(port: 0, verbose: verbose)
            }
        }
        starting = task
        do {
            let started = try await task.value
            emulator = started
            return started.port
        } catch {
            throw StartFailure(description: "The embedded emulator could not listen on 127.0.0.1: \(error)")
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
