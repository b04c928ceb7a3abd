#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthEmulatorInterface

/// Sends the library's requests to the embedded emulator: the application's authority is the
/// emulator's real one (`http://127.0.0.1:PORT/emulator.onmicrosoft.com`, on a port held for it),
/// and the emulator is started on that port by the first request. So commands that send no request
/// (`status`, `token` with a cached token) never start it. Requests go out unchanged: no URL is
/// rewritten, so the URLs the library hands out (a browser page, later) are the real ones.
final class EmbeddedEmulatorTransport: HTTPTransport {
    private let host: EmbeddedEmulatorHost
    private let network: any HTTPTransport

    /// Sends through `network` (the platform's default transport unless given) once the emulator runs.
    init(host: EmbeddedEmulatorHost, network: any HTTPTransport = HTTPTransports.makeDefault()) {
        self.host = host
        self.network = network
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        host.audience.note(request)
        do {
            try await host.start()
        } catch {
            throw HTTPTransportError(error.description, isTransient: false)
        }
        let response = try await network.send(request)
        await host.drainCodes()
        return response
    }
}

/// The embedded emulator of this command: a port held up front (so the application can be built
/// with the real authority), the emulator (`nativeauth-emulator embedded`, a child process) started
/// on it once, on demand, with its state in the shared emulator state folder, and stopped with the command.
actor EmbeddedEmulatorHost {
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The port held for the emulator.
    nonisolated let port: Int
    /// Whose codes it shows on this terminal.
    nonisolated let audience = CodeAudience()
    private let reservation: LoopbackPort
    /// `http://127.0.0.1:PORT/emulator.onmicrosoft.com`.
    nonisolated let authority: URL
    private let verbose: Bool
    private var emulator: (any EmbeddedEmulatorRun)?
    private var starting: Task<any EmbeddedEmulatorRun, any Error>?

    /// Holds a free loopback port; nothing listens on it until ``start()``.
    init(verbose: Bool) throws(CLIFailure) {
        do {
            reservation = try LoopbackPort()
        } catch {
            throw CLIFailure(.failure, "The embedded emulator found no port to listen on: \(error).")
        }
        port = reservation.number
        authority = URL(string: "http://127.0.0.1:\(port)\(SignInLocation.embeddedTenantPath)")!
        self.verbose = verbose
    }

    /// Starts the emulator on the held port, unless it runs already.
    func start() async throws(StartFailure) {
        if emulator != nil { return }
        let environment = CommandEnvironment.current
        let task = starting ?? Task { [port, verbose, reservation, audience] in
            reservation.release()
            return try await CommandEnvironment.$current.withValue(environment) {
                try await Self.launch(port: port, verbose: verbose, audience: audience)
            }
        }
        starting = task
        do {
            emulator = try await task.value
        } catch {
            throw StartFailure(description: "The embedded emulator could not start on 127.0.0.1:\(port): \(error).")
        }
    }

    /// Waits until the codes the emulator sent so far have been shown (or filtered out).
    func drainCodes() async {
        await emulator?.drainCodes()
    }

    /// Stops the emulator if it was started.
    func stop() async {
        guard let emulator else { return }
        self.emulator = nil
        await emulator.stop()
    }

    private static func launch(port: Int, verbose: Bool, audience: CodeAudience) async throws -> any EmbeddedEmulatorRun {
        let announcement = CodeAnnouncement()
        let folder = EmulatorSettings.stateDirectory
        let emulator = try await CommandEnvironment.current.emulatorProgram.startEmbedded(
            port: port, stateDirectory: folder, fixedCode: EmulatorSettings.fixedCode,
            onCode: { sent in
                if audience.shows(sent) { announcement.show(sent) }
            })
        if verbose {
            Console.info("Using the embedded emulator on http://127.0.0.1:\(port) (state in \(folder.path)).")
        }
        return emulator
    }
}
