#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where text goes: results on standard output, prompts and progress on standard error (those of
/// ``CommandEnvironment/current``). Whatever is written here is passed through
/// ``TerminalText/keepingLineFeeds(_:)``: no escape sequence, carriage return or bidirectional
/// control reaches the terminal, whoever wrote the text. (`call` writes the API's body as it came,
/// by itself, as `curl` does.)
enum Console {
    /// Writes a result line to standard output.
    static func result(_ line: String) {
        CommandEnvironment.current.writeOutput(Data((TerminalText.keepingLineFeeds(line) + "\n").utf8))
    }

    /// Writes a progress or diagnostic line to standard error.
    static func info(_ line: String) {
        CommandEnvironment.current.writeError(Data((TerminalText.keepingLineFeeds(line) + "\n").utf8))
    }

    /// Writes text to standard error without a newline (a prompt).
    static func prompt(_ text: String) {
        CommandEnvironment.current.writeError(Data(TerminalText.keepingLineFeeds(text).utf8))
    }

    /// Reports a failure on standard error: `error: …`, then the hint, then (with `verbose`) the details.
    static func report(_ failure: CLIFailure, verbose: Bool) {
        info("error: \(failure.message)")
        if let hint = failure.hint { info(hint) }
        if verbose {
            for line in failure.details { info("  \(line)") }
        }
    }
}
