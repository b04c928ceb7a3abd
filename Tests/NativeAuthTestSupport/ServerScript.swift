import Foundation
import NativeAuthShared

/// A test server written in Python (`Tests/Servers/NAME`, as an API of another language would be),
/// started in a process of its own; its first line says `listening PORT`, and the rest of its output
/// is not read.
package enum ServerScript {
    /// Why a script did not start.
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `Tests/Servers/name` with `arguments` and returns it with the port it listens on.
    package static func start(_ name: String, arguments: [String] = []) async throws -> (process: ChildProcess, port: Int) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/\(name)")
        let output = Pipe()
        let process = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", script.path] + arguments,
                                       standardInput: .null, standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor))
        try? output.fileHandleForWriting.close()
        let firstLine = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread {
                var line = Data()
                while true {
                    let chunk = output.fileHandleForReading.availableData
                    line.append(chunk)
                    if chunk.isEmpty || line.contains(10) { break }
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }.start()
        }
        guard let port = firstLine.firstMatch(of: /listening (\d+)/).flatMap({ Int($0.output.1) }) else {
            process.terminate()
            throw StartFailure(description: "\(name) did not start: \(firstLine)")
        }
        return (process, port)
    }
}
