import ArgumentParser
import Foundation
import Logging
import NativeAuthEmulator
import NativeAuthEmulatorInterface
import Synchronization

/// `nativeauth-emulator embedded --port N --state-dir DIR`: the embedded emulator of one `nativeauth`
/// command, which started it. It speaks ``EmbeddedEmulatorMessage`` lines on standard output (ready,
/// then every code it sends, each written before the answer to the request that sent it) and stops
/// when its standard input ends: the command closes it when it is done, and the system closes it
/// when the command dies, so no emulator outlives its command.
struct EmbeddedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: EmulatorProgramFacts.embeddedSubcommand,
        abstract: "Run the emulator for the nativeauth command that started it (not for people).",
        shouldDisplay: false)

    @Option(name: .long, help: "The loopback port to listen on (the command holds it for the emulator).")
    var port: Int

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("The emulator's state folder.", valueName: "DIR"))
    var stateDirectory: String

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535.") }
        guard stateDirectory.hasPrefix("/") else { throw ValidationError("--state-dir must be an absolute path.") }
    }

    func run() async throws {
        let output = MessageOutput()
        var configuration = EmulatorConfiguration()
        configuration.port = port
        configuration.stateDirectory = URL(fileURLWithPath: stateDirectory, isDirectory: true)
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        // Called before the request that sent the code is answered: the line is written by then.
        configuration.onCodeSent = { sent in
            output.send(.code(EmbeddedCode(sent)))
        }
        let emulator: Emulator
        do {
            configuration.fixedCode = try ProgramSettings.fixedCode(codeLength: configuration.codeLength)
            emulator = try await Emulator.start(configuration)
        } catch {
            output.send(.failed("\(error)"))
            throw ExitCode.failure
        }
        output.send(.ready(port: port))
        await Self.waitUntilStandardInputEnds()
        try? await emulator.stop()
    }

    /// Returns when standard input ends (or fails), on a thread of its own; what it carries is ignored.
    private static func waitUntilStandardInputEnds() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 512)
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                }
                continuation.resume()
            }
        }
    }
}

/// Writes whole message lines to standard output, one writer at a time.
final class MessageOutput: Sendable {
    private let lock = Mutex(())

    func send(_ message: EmbeddedEmulatorMessage) {
        let bytes = Array((message.encoded() + "\n").utf8)
        lock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return  // the command is gone: nobody reads the line
                }
            }
        }
    }
}
