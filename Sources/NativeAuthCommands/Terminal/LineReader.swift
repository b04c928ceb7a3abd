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
/// input of the ``CommandEnvironment`` given).
enum LineReader {
    /// Prints `prompt` on standard error and reads one line; nil at end of input.
    static func line(prompt: String, in environment: CommandEnvironment) async -> String? {
        environment.console.prompt(prompt)
        let line = await environment.standardInput.readLine()
        // A terminal echoed the line (and its newline); piped input is not echoed, so end the prompt line.
        if line == nil || !environment.inputIsTerminal { environment.console.prompt("\n") }
        return line
    }

    /// Like ``line(prompt:)``, with echo turned off when standard input is a terminal. The terminal is
    /// restored on every path, including Ctrl-C, a hang-up and Ctrl-Z (see ``SignalRestore``).
    static func hiddenLine(prompt: String, in environment: CommandEnvironment) async -> String? {
        guard environment.inputIsTerminal else { return await line(prompt: prompt, in: environment) }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            environment.console.prompt(prompt)
            return await environment.standardInput.readLine()
        }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        hidden.c_lflag |= tcflag_t(ICANON)
        SignalRestore.remember(original, hidden: hidden)
        // Echo goes off before the prompt appears (as getpass does): whoever answers the prompt at
        // once, a fast typist or a script, never has the password shown.
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        environment.console.prompt(prompt)
        let line = await environment.standardInput.readLine()
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        SignalRestore.forget()
        environment.console.prompt("\n")
        return line
    }
}
