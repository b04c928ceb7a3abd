/// Whether the standard streams are terminals (those of ``CommandEnvironment/current``).
enum TTY {
    /// Standard input is a terminal: prompts are interactive and the password is hidden.
    static var stdinIsTerminal: Bool { CommandEnvironment.current.inputIsTerminal }

    /// Standard output is a terminal.
    static var stdoutIsTerminal: Bool { CommandEnvironment.current.outputIsTerminal }
}
