#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a command's text goes: results on standard output, prompts and progress on standard error
/// (those of the ``CommandEnvironment`` it runs in: `environment.console`). Whatever is written
/// here is passed through ``TerminalText/keepingLineFeeds(_:)``: no escape sequence, carriage
/// return or bidirectional control reaches the terminal, whoever wrote the text. (`call` writes the
/// API's body by itself: as it came to a pipe, through ``TerminalText/keepingLayout(_:)`` to a terminal.)
struct Console: Sendable {
    let environment: CommandEnvironment

    /// Writes a result line to standard output.
    func result(_ line: String) {
        environment.writeOutput(Data((TerminalText.keepingLineFeeds(line) + "\n").utf8))
    }

    /// Writes a progress or diagnostic line to standard error.
    func info(_ line: String) {
        environment.writeError(Data((TerminalText.keepingLineFeeds(line) + "\n").utf8))
    }

    /// Writes text to standard error without a newline (a prompt).
    func prompt(_ text: String) {
        environment.writeError(Data(TerminalText.keepingLineFeeds(text).utf8))
    }

    /// Reports a failure on standard error: `error: …`, then the hint, then (with `verbose`) the details.
    func report(_ failure: CLIFailure, verbose: Bool) {
        info("error: \(failure.message)")
        if let hint = failure.hint { info(hint) }
        if verbose {
            for line in failure.details { info("  \(line)") }
        }
    }
}

extension CommandEnvironment {
    /// The console of this environment's standard streams.
    var console: Console { Console(environment: self) }
}
