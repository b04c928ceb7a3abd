import ArgumentParser
import Foundation
import Logging
import NativeAuthEmulator
import NativeAuthEmulatorInterface
import Synchronization

/// `nativeauth-emulator embedded --port N --state-dir DIR`: the embedded emulator of one `nativeauth`
/// command, which started it. It speaks ``EmbeddedEmulatorMessage`` lines on standard output (ready,
/// then every code it sends) and stops when its standard input ends: the command closes it when it
/// is done, and the system closes it when the command dies, so no emulator outlives its command.
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
        configuration.fixedCode = ProgramSettings.fixedCode
        configuration.logger = Logger(label: "nativeauth.emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        configuration.onCodeSent = { sent in
            output.send(.code(EmbeddedCode(sent)))
        }
        let emulator: Emulator
        do {
            emulator = try await Emulator.start(configuration)
        } catch {
            output.send(.failed("\(error)"))
            throw ExitCode.failure
        }
        output.send(.ready(port: port))
        await Self.answerUntilStandardInputEnds(output)
        try? await emulator.stop()
    }

    /// Answers `sync N` lines with `synced` (after every line written before), on a thread of its
    /// own, until standard input ends (or fails). A line longer than 64 bytes is not a request.
    private static func answerUntilStandardInputEnds(_ output: MessageOutput) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 512)
                var line: [UInt8] = []
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    for byte in buffer[..<count] {
                        if byte == UInt8(ascii: "\n") {
                            if let id = EmbeddedEmulatorMessage.syncRequestID(in: String(decoding: line, as: UTF8.self)) {
                                output.send(.synced(id: id))
                            }
                            line.removeAll(keepingCapacity: true)
                        } else if line.count < 64 {
                            line.append(byte)
                        }
                    }
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
