#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one line per prompt: from the terminal, or one line of piped standard input (the standard
/// input of ``CommandEnvironment/current``).
enum LineReader {
    /// Prints `prompt` on standard error and reads one line; nil at end of input.
    static func line(prompt: String) async -> String? {
        Console.prompt(prompt)
        let line = await CommandEnvironment.current.standardInput.readLine()
        // A terminal echoed the line (and its newline); piped input is not echoed, so end the prompt line.
        if line == nil || !TTY.stdinIsTerminal { Console.prompt("\n") }
        return line
    }

    /// Like ``line(prompt:)``, with echo turned off when standard input is a terminal. The terminal is
    /// restored on every path, including Ctrl-C, a hang-up and Ctrl-Z (see ``SignalRestore``).
    static func hiddenLine(prompt: String) async -> String? {
        guard TTY.stdinIsTerminal else { return await line(prompt: prompt) }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            Console.prompt(prompt)
            return await CommandEnvironment.current.standardInput.readLine()
        }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        hidden.c_lflag |= tcflag_t(ICANON)
        SignalRestore.remember(original, hidden: hidden)
        // Echo goes off before the prompt appears (as getpass does): whoever answers the prompt at
        // once, a fast typist or a script, never has the password shown.
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        Console.prompt(prompt)
        let line = await CommandEnvironment.current.standardInput.readLine()
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        SignalRestore.forget()
        Console.prompt("\n")
        return line
    }
}
