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
    /// The command's place and the command to run again, named when input ends (``InputEnded``).
    let next: NextCommand
    /// Where the prompts go and the answers come from.
    let environment: CommandEnvironment
    let submit: (State, String) async -> Submitted

    func run(state initialState: State) async throws(CLIFailure) -> Outcome {
        var state = initialState
        var lastWasRefused = false
        while true {
            guard let password = await LineReader.hiddenLine(prompt: prompt, in: environment) else {
                throw InputEnded.failure(question, afterWrongAnswer: lastWasRefused, next: next, in: environment)
            }
            if password.isEmpty { continue }
            if confirm, environment.inputIsTerminal {
                guard let again = await LineReader.hiddenLine(prompt: "Repeat the password: ", in: environment) else {
                    throw InputEnded.failure(question, afterWrongAnswer: lastWasRefused, next: next, in: environment)
                }
                guard again == password else {
                    environment.console.info("The passwords do not match. Try again.")
                    continue
                }
            }
            switch await submit(state, password) {
            case .done(let outcome):
                return outcome
            case .refused(let next, let explanation):
                environment.console.info(explanation)
                lastWasRefused = true
                state = next
            case .failed(let failure):
                throw failure
            }
        }
    }
}
