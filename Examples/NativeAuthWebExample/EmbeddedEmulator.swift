import Foundation
import NativeAuthEmulatorInterface
import NativeAuthShared

/// The emulator the site uses when it is given no `--authority`, as `nativeauth` does: the program
/// `nativeauth-emulator` from the site's own folder (the build folder, or where both were
/// installed), started as `nativeauth-emulator embedded` on a free loopback port with a state
/// folder of its own. It stops when the site ends, however it ends: it runs until its standard
/// input closes, and the site holds the other end. The codes it sends are printed on the site's
/// standard output (`code for a***e@example.com: 12345678`), for the person trying the site.
///
/// Replicas each start their own emulator this way, so three replicas behind one proxy need one
/// `nativeauth-emulator serve` and `--authority` (the README shows it).
final class EmbeddedEmulator: Sendable {
    /// The emulator's authority and the client ID it answers for.
    let authority: URL
    let clientId = EmulatorProgramFacts.clientId
    private let process: ChildProcess
    private let lifeline: FileHandle
    /// Its state folder, a temporary one of this site's: removed when the emulator stops.
    private let state: URL

    private init(authority: URL, process: ChildProcess, lifeline: FileHandle, state: URL) {
        self.authority = authority
        self.process = process
        self.lifeline = lifeline
        self.state = state
    }

    /// Starts the emulator beside this program and waits until it listens.
    static func start() throws -> EmbeddedEmulator {
        let folder = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                         ?? CommandLine.arguments[0]).deletingLastPathComponent()
        let program = folder.appendingPathComponent(EmulatorProgramFacts.executableName)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw EmulatorStartError("No \(EmulatorProgramFacts.executableName) beside this program in \(folder.path): "
                + "build it (swift build --product \(EmulatorProgramFacts.executableName)) or give --authority.")
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-web-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for _ in 0..<5 {
            let held: LoopbackPort
            do {
                held = try LoopbackPort()
            } catch {
                throw EmulatorStartError("No free loopback port: \(error).")
            }
            held.openForServer()  // held until the emulator listens on it
            defer { held.release() }
            let port = held.number
            let input = Pipe()
            let output = Pipe()
            // Not Foundation's Process: its run() crashes now and then on Linux (see ChildProcess).
            let process = try ChildProcess(
                executable: program.path,
                arguments: [EmulatorProgramFacts.embeddedSubcommand, "--port", "\(port)", "--state-dir", state.path],
                standardInput: .descriptor(input.fileHandleForReading.fileDescriptor),
                standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor))
            try? input.fileHandleForReading.close()
            try? output.fileHandleForWriting.close()
            let lines = LineReader(output.fileHandleForReading)
            while let line = lines.next() {
                switch EmbeddedEmulatorMessage(line: line) {
                case .ready(let port):
                    lines.printCodesInBackground()
                    let authority = URL(string: "http://127.0.0.1:\(port)/\(EmulatorProgramFacts.tenantSubdomain).onmicrosoft.com")!
                    return EmbeddedEmulator(authority: authority, process: process, lifeline: input.fileHandleForWriting, state: state)
                case .failed:
                    break  // the port was taken meanwhile: another
                default:
                    continue
                }
                break
            }
            try? input.fileHandleForWriting.close()
            _ = process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: state)
        throw EmulatorStartError("The embedded emulator did not start.")
    }

    /// Stops the emulator (its standard input closes), waits for it, and removes its state folder
    /// (the users it signed up, in a folder of this run's).
    func stop() {
        try? lifeline.close()
        _ = process.waitUntilExit()
        try? FileManager.default.removeItem(at: state)
    }
}

/// The embedded emulator could not start.
struct EmulatorStartError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reads the emulator's lines; once it is ready, prints the codes it sends.
private final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line, or nil at the end.
    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    func printCodesInBackground() {
        Thread.detachNewThread {
            while let line = self.next() {
                if case .code(let code) = EmbeddedEmulatorMessage(line: line) {
                    FileHandle.standardOutput.write(Data("code for \(code.maskedTarget): \(code.code)\n".utf8))
                }
            }
        }
    }
}
