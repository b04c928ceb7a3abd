#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the standard streams are terminals.
enum TTY {
    /// Standard input is a terminal: prompts are interactive and the password is hidden.
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}
