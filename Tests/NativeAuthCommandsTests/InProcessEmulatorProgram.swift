import Foundation
import Logging
import NativeAuthEmulator
import NativeAuthEmulatorInterface
import NativeAuthShared
import Synchronization
@testable import NativeAuthCommands

/// The emulator program of commands run in process: the embedded emulator runs in this process
/// (as fast as before it became a program of its own, and with nothing to find on disk), and
/// `nativeauth emulator …` runs the real `nativeauth-emulator` that SwiftPM built beside the tests,
/// with the sandbox's variables, its output handed to the command's.
///
/// The real program's embedded mode (`nativeauth-emulator embedded`, started by `nativeauth`) is
/// tested through the `nativeauth` process in NativeAuthCLITests.
struct InProcessEmulatorProgram: EmulatorProgram {
    let variables: [String: String]

    func run(_ arguments: [String], in environment: CommandEnvironment) async throws(EmulatorProgramError) -> Int32 {
        let executable = Self.builtProgram.path
        let output = try pipe(), errors = try pipe()
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: executable, arguments: arguments, environment: variables,
                                     standardInput: .null, standardOutput: .descriptor(output.1), standardError: .descriptor(errors.1))
        } catch {
            throw EmulatorProgramError(description: "\(error)")
        }
        close(output.1)
        close(errors.1)
        async let outputBytes = Self.readAll(output.0)
        async let errorBytes = Self.readAll(errors.0)
        let (outputData, errorData) = await (outputBytes, errorBytes)
        environment.writeOutput(outputData)
        environment.writeError(errorData)
        return await child.ending().status
    }

    func startEmbedded(port: Int, stateDirectory: URL, fixedCode: String?,
                       in environment: CommandEnvironment) async throws(EmulatorProgramError) -> any EmbeddedEmulatorRun {
        var configuration = EmulatorConfiguration()
        configuration.port = port
        configuration.stateDirectory = stateDirectory
        configuration.fixedCode = fixedCode
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        let announced = AnnouncedCodes()
        // Called before the request that sent the code is answered, as the program's embedded mode writes its line.
        configuration.onCodeSent = { sent in
            announced.add(EmbeddedCode(username: sent.username, maskedTarget: sent.maskedTarget, code: sent.code,
                                       isSMS: sent.isSMS, fromWebPage: sent.fromWebPage))
        }
        do {
            return InProcessRun(emulator: try await Emulator.start(configuration), announced: announced)
        } catch {
            throw EmulatorProgramError(description: "\(error)")
        }
    }

    /// `nativeauth-emulator` in the folder of the test bundle (SwiftPM's build folder).
    static var builtProgram: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(EmulatorProgramFacts.executableName)
    }

    private func pipe() throws(EmulatorProgramError) -> (Int32, Int32) {
        guard let ends = FileDescriptorIO.closeOnExecPipe() else { throw EmulatorProgramError(description: "no pipe") }
        return ends
    }

    private static func readAll(_ descriptor: Int32) async -> Data {
        await DetachedThread.run {
            let data = (try? FileDescriptorIO.read(upToCount: .max, from: descriptor, path: "pipe")) ?? Data()
            close(descriptor)
            return data
        }
    }
}

private struct InProcessRun: EmbeddedEmulatorRun {
    let emulator: Emulator
    let announced: AnnouncedCodes

    func takeAnnouncedCodes() -> [EmbeddedCode] {
        announced.take()
    }

    func waitForAnnouncement() async -> Bool {
        await announced.wait()
    }

    func stop() async {
        try? await emulator.stop()
        announced.end()
    }
}

/// The codes an in-process emulator announced and the command has not taken yet, and the wait for the next one.
private final class AnnouncedCodes: Sendable {
    private struct State {
        var codes: [EmbeddedCode] = []
        var waiter: CheckedContinuation<Void, Never>?
        var ended = false
    }

    private let state = Mutex(State())

    func add(_ code: EmbeddedCode) {
        state.withLock { state in
            state.codes.append(code)
            return state.waiter.take()
        }?.resume()
    }

    func take() -> [EmbeddedCode] {
        state.withLock { state in
            defer { state.codes.removeAll() }
            return state.codes
        }
    }

    /// True once a code waits (at once when one does), or the task is cancelled; false once ended.
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if !state.codes.isEmpty || state.ended || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiter.take() }?.resume()
        }
        return !state.withLock { $0.ended }
    }

    func end() {
        state.withLock { state in
            state.ended = true
            return state.waiter.take()
        }?.resume()
    }
}
