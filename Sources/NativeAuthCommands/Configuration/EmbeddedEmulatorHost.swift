#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import Synchronization

/// The embedded emulator of a command: a port held up front (so the application can be built with
/// the real authority), the emulator (`nativeauth-emulator embedded`, a child process, or the test's
/// own) started on it once, by the first request (``EmulatorStartingTransport``), with its state in
/// the shared emulator state folder, and stopped by ``AppContext/close()``.
final class EmbeddedEmulatorHost: Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The port held for the emulator.
    let port: Int
    /// `http://127.0.0.1:PORT/emulator.onmicrosoft.com`.
    let authority: URL
    private let reservation: LoopbackPort
    /// The command's environment: its emulator program, variables (the state folder, a fixed code).
    private let environment: CommandEnvironment
    private let state = Mutex(State())

    private struct State {
        /// The start, once it began (every request waits for the same one).
        var starting: Task<any EmbeddedEmulatorRun, any Error>?
        /// The emulator, once it listens.
        var running: (any EmbeddedEmulatorRun)?
        /// Why it could not start, once it could not.
        var failure: StartFailure?
    }

    /// Holds a free loopback port; nothing listens on it until ``start()``.
    init(environment: CommandEnvironment) throws(CLIFailure) {
        do {
            reservation = try LoopbackPort()
        } catch {
            throw CLIFailure(.failure, "The embedded emulator found no port to listen on: \(error).")
        }
        port = reservation.number
        authority = URL(string: "http://127.0.0.1:\(port)\(SignInLocation.embeddedTenantPath)")!
        self.environment = environment
    }

    /// The emulator, once it listens; nil before (or when it could not start).
    var running: (any EmbeddedEmulatorRun)? {
        state.withLock { $0.running }
    }

    /// Why the emulator could not start, once a start failed: a fault of this machine (the program
    /// missing, its state folder refused), never of the network.
    var startFailure: StartFailure? {
        state.withLock { $0.failure }
    }

    /// Starts the emulator on the held port, unless it runs already.
    func start() async throws(StartFailure) {
        let task = state.withLock { state in
            if let task = state.starting { return task }
            let task = Task { [port, reservation, environment] () async throws -> any EmbeddedEmulatorRun in
                // The port stays held until the emulator listens on it, so no other program's
                // LoopbackPort can draw it in between (parallel commands and tests did).
                reservation.openForServer()
                defer { reservation.release() }
                return try await environment.emulatorProgram.startEmbedded(
                    port: port, stateDirectory: EmulatorSettings.stateDirectory(in: environment),
                    fixedCode: EmulatorSettings.fixedCode(in: environment), in: environment)
            }
            state.starting = task
            return task
        }
        do {
            let emulator = try await task.value
            state.withLock { $0.running = emulator }
        } catch {
            let reason = "\(error)"
            let failure = StartFailure(description: "The embedded emulator could not start on 127.0.0.1:\(port): \(reason)"
                + (reason.hasSuffix(".") ? "" : "."))
            state.withLock { $0.failure = failure }
            throw failure
        }
    }

    /// Stops the emulator if it was started.
    func stop() async {
        let task = state.withLock { state in
            defer { state = State(failure: state.failure) }  // why it could not start stays, for the report
            return state.starting
        }
        guard let task, let emulator = try? await task.value else { return }
        await emulator.stop()
    }
}
