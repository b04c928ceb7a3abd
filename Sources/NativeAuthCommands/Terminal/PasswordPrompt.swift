/// The password prompt of every flow that asks for one (`signin`, `signup`, `reset-password`): hidden
/// at a terminal, one line of piped input otherwise. A refused password explains why and asks again.
struct PasswordPrompt<State, Outcome> {
    /// What submitting a password came to.
    enum Submitted {
        /// The flow moved on.
        case done(Outcome)
        /// The password was refused; say `explanation` and ask again on this state.
        case refused(State, explanation: String)
        /// The flow is over.
        case failed(CLIFailure)
    }

    /// The prompt, such as `Password for bob@example.com: `.
    let prompt: String
    /// Ask twice at a terminal (a new password), until both answers match.
    let confirm: Bool
    /// What input ending says.
    let question: InputEnded.Question
    let submit: (State, String) async -> Submitted

    func run(state initialState: State) async throws(CLIFailure) -> Outcome {
        var state = initialState
        var lastWasRefused = false
        while true {
            guard let password = await LineReader.hiddenLine(prompt: prompt) else {
                throw InputEnded.failure(question, afterWrongAnswer: lastWasRefused)
            }
            if password.isEmpty { continue }
            if confirm, TTY.stdinIsTerminal {
                guard let again = await LineReader.hiddenLine(prompt: "Repeat the password: ") else {
                    throw InputEnded.failure(question, afterWrongAnswer: lastWasRefused)
                }
                guard again == password else {
                    Console.info("The passwords do not match. Try again.")
                    continue
                }
            }
            switch await submit(state, password) {
            case .done(let outcome):
                return outcome
            case .refused(let next, let explanation):
                Console.info(explanation)
                lastWasRefused = true
                state = next
            case .failed(let failure):
                throw failure
            }
        }
    }
}
