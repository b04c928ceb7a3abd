import Foundation

/// What a finished `nativeauth` printed and how it exited: run in this process
/// (NativeAuthCommandsTests) or as a process of its own (NativeAuthCLITests).
public struct CLIResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

    /// Standard output parsed as a JSON object.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }
}
