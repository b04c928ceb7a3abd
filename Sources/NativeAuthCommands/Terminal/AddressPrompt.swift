import NativeAuthShared

/// The email address a command works on: the argument, else one prompt (`signin`, `signup`, `reset-password`).
/// An answer that is not an address (``AddressFormat``) is asked for again at a terminal; piped,
/// it ends the command with a usage error (exit 2) before anything is sent.
enum AddressPrompt {
    /// `given` (checked: ``AddressFormat/checkArgument(_:passwordFlag:)``), else the first non-blank
    /// line answered at `Email address: ` (input ending first names the command to run with it, at
    /// `next`'s place).
    static func read(given: String?, next: NextCommand, in environment: CommandEnvironment) async throws(CLIFailure) -> String {
        if let address = try AddressFormat.checkArgument(given) { return address }
        while true {
            guard let line = await LineReader.line(prompt: "Email address: ", in: environment) else {
                throw InputEnded.failure(.address, next: next, in: environment)
            }
            let trimmed = AddressFormat.trimmed(line)
            if trimmed.isEmpty { continue }
            guard let problem = AddressFormat.problem(line) else { return trimmed }
            guard environment.inputIsTerminal else {
                throw CLIFailure(.usage, "The address read from standard input is not \(AddressFormat.example): \(problem). Nothing was sent.")
            }
            environment.console.info("That is not \(AddressFormat.example) (\(problem)): enter it again.")
        }
    }
}
