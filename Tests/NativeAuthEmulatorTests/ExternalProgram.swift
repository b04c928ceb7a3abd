import Foundation
import NativeAuthShared

/// Another program these tests run (`openssl`, `curl`), as a client of the emulator would.
enum ExternalProgram {
    /// Runs `program` (found on the PATH) with `arguments`, in `folder` if given; its status and
    /// what it printed on standard output and error.
    /// ``run(_:_:in:)`` on a thread of its own: for a program that talks to an emulator of this
    /// process, which needs the cooperative pool's threads to answer while the program runs.
    static func running(_ program: String, _ arguments: [String], in folder: URL? = nil) async throws -> (status: Int32, output: String) {
        let (status, output) = try await DetachedThread.run { try run(program, arguments, in: folder) }
        return (status, output)
    }

    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
