/// The code prompt of every flow that sends a one-time code (`signin`, `signup`, `reset-password`):
/// the code given with `--code` first, then one line per prompt. `r` sends a new code, `q` stops, an
/// empty line asks again, and an answer that is not the announced number of digits is refused here,
/// without spending one of the server's attempts. A wrong code asks again; the flow's closures say
/// what the library answered.
struct CodePrompt<State, Outcome> {
    /// What submitting a code came to.
    enum Submitted {
        /// The flow moved on.
        case done(Outcome)
        /// The code was wrong; ask again on this state.
        case wrong(State)
        /// The flow is over.
        case failed(CLIFailure)
    }

    /// What asking for a new code came to.
    enum Resent {
        /// A new code went out; go on with this state.
        case sent(State, sentTo: String, codeLength: Int)
        /// No new code, but the old state is still good (`reason` says why).
        case kept(State, reason: String)
        /// No code needed any more: the flow moved on (a registration's contact was already verified).
        case done(Outcome)
        /// The flow is over.
        case failed(CLIFailure)
    }

    /// A code given with `--code`, tried before prompting.
    let presetCode: String?
    /// What `q` says: "Sign-in stopped.".
    let stopped: String
    let submit: (State, String) async -> Submitted
    let resend: (State) async -> Resent

    func run(state initialState: State, sentTo initialTarget: String, codeLength initialLength: Int) async throws(CLIFailure) -> Outcome {
        var state = initialState
        var sentTo = initialTarget
        var codeLength = initialLength
        var pending = presetCode
        var lastWasWrong = false
        while true {
            let input: String
            if let preset = pending {
                pending = nil
                input = preset.trimmingCharacters(in: .whitespaces)
                guard CodeFormat.fits(input, length: codeLength) else {
                    throw CLIFailure(.usage, "--code has \(input.count) digits, but the code sent has \(codeLength): nothing was submitted.",
                                     hint: "Run the command again with the \(codeLength)-digit code, or without --code to be asked for it.")
                }
            } else {
                let prompt = "Code sent to \(sentTo) (\(codeLength) digits). Enter code, or r to resend: "
                guard let line = await LineReader.line(prompt: prompt) else {
                    throw InputEnded.failure(.code, afterWrongAnswer: lastWasWrong)
                }
                input = line.trimmingCharacters(in: .whitespaces)
            }
            switch input.lowercased() {
            case "":
                continue
            case "q":
                throw CLIFailure(.failure, stopped)
            case "r":
                switch await resend(state) {
                case .sent(let next, let target, let length):
                    state = next
                    sentTo = target
                    codeLength = length
                    lastWasWrong = false
                    Console.info("A new code was sent to \(target).")
                case .kept(let next, let reason):
                    Console.info("No new code could be sent: \(reason) Try again.")
                    state = next
                case .done(let outcome):
                    return outcome
                case .failed(let failure):
                    throw failure
                }
            default:
                guard CodeFormat.fits(input, length: codeLength) else {
                    // Refused here: a code of the wrong shape would only use up one of the server's attempts.
                    Console.info("The code has \(codeLength) digits: enter it again, or r for a new code.")
                    lastWasWrong = true
                    continue
                }
                switch await submit(state, input) {
                case .done(let outcome):
                    return outcome
                case .wrong(let next):
                    Console.info("That code is wrong. Enter it again, or r for a new code.")
                    lastWasWrong = true
                    state = next
                case .failed(let failure):
                    throw failure
                }
            }
        }
    }
}
