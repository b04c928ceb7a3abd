import Foundation
import NativeAuthShared

/// What `nativeauth-emulator` prints, in `nativeauth`'s style: results on standard output, progress
/// and `error: …` on standard error, control characters shown as `?`.
enum ProgramOutput {
    /// A result line on standard output.
    static func result(_ line: String) {
        FileHandle.standardOutput.write(Data((visible(line) + "\n").utf8))
    }

    /// A progress or diagnostic line on standard error.
    static func info(_ line: String) {
        FileHandle.standardError.write(Data((visible(line) + "\n").utf8))
    }

    /// Reports `error: MESSAGE` on standard error and exits with status 1 (`nativeauth`'s "failure").
    static func fail(_ message: String) -> Never {
        info("error: \(message)")
        exit(1)
    }

    private static func visible(_ line: String) -> String {
        TextControls.replacingControls(in: line, keepingLineFeeds: true)
    }
}
