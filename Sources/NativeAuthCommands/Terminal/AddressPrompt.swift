/// The email address a command works on: the argument, else one prompt (`signin`, `signup`, `reset-password`).
enum AddressPrompt {
    /// `given` when it is not blank, else the first non-blank line answered at `Email address: `.
    static func read(given: String?) async throws(CLIFailure) -> String {
        if let given, !given.trimmingCharacters(in: .whitespaces).isEmpty { return given }
        while true {
            guard let line = await LineReader.line(prompt: "Email address: ") else {
                throw InputEnded.failure(.address)
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { return trimmed }
        }
    }
}
