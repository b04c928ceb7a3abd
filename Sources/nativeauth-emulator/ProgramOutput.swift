import Foundation
import NativeAuthEmulator
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

    /// The line a code "sent" by a `nativeauth emulator` shows: `emulator: email to a***e@e*****e.com: code 12345678`.
    static func codeLine(_ sent: SentCode) -> String {
        "emulator: \(sent.isSMS ? "text message" : "email") to \(sent.maskedTarget): code \(sent.code)"
    }

    /// A word for a shell: as it is when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "@%+=:,./-_".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func visible(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.map { $0 != "\n" && TextControls.isControl($0) ? "?" : $0 }))
    }
}
