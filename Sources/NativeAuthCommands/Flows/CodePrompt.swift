import NativeAuth
import NativeAuthShared

/// The code prompt of every flow that sends a one-time code (`signin`, `signup`, `reset-password`,
/// a second factor and its registration): the code given with `--code` first, then one line per
/// prompt (with `--code -`, one line of standard input each time, and no prompt). `r` sends a new code, `q` stops, an empty line asks again, and an answer that is not the
/// announced number of digits is refused here, without spending one of the server's attempts.
///
/// The embedded emulator's codes are shown here (``EmbeddedCodeDisplay/showSent()``), when the
/// library has answered: before the code given with `--code` is used or the first prompt, and
/// after each `r`, before the line that says a new code went out.
///
/// The flow's closures only say what the library answered, in the two enums below; what a refusal
/// means is decided here, once for every flow: a wrong code (``FailureMapping/isWrongCredentials(_:)``)
/// with a state to try again on asks again, a resend the library handed the state back for goes on
/// with the old code, and anything else ends the flow with ``FailureMapping/failure(_:method:)``.
struct CodePrompt<State, Outcome> {
    /// What submitting a code came to.
    enum Submitted {
        /// The flow moved on.
        case done(Outcome)
        /// The library refused the code; `retry` is the state it handed back (nil: the flow is over).
        case refused(any NativeAuthError, retry: State?)
    }

    /// What asking for a new code came to.
    enum Resent {
        /// A new code went out; go on with this state.
        case sent(State, sentTo: String, codeLength: Int)
        /// No code needed any more: the flow moved on (a registration's contact was already verified).
        case done(Outcome)
        /// No new code; `kept` is the state the library handed back (nil: the flow is over).
        case refused(any NativeAuthError, kept: State?)
    }

    /// Where the first code comes from: `--code CODE` is tried before prompting, and `--code -`
    /// reads each line of standard input without a prompt.
    let source: CodeSource
    /// What `q` says: "Sign-in stopped.".
    let stopped: String
    /// What the user was doing, for the message of a refusal that ends the flow.
    let method: FailureMapping.Method
    /// Where the prompts go, and the embedded emulator's codes.
    let context: AppContext
    let submit: (State, String) async -> Submitted
    let resend: (State) async -> Resent

    func run(state initialState: State, sentTo initialTarget: String, codeLength initialLength: Int) async throws(CLIFailure) -> Outcome {
        var state = initialState
        var sentTo = initialTarget
        var codeLength = initialLength
        var pending: String? = if case .given(let code) = source { code } else { nil }
        var lastWasWrong = false
        let environment = context.environment
        context.codes.showSent()
        if source == .standardInput {
            environment.console.info("Reading the code sent to \(TerminalText.sanitized(sentTo)) (\(codeLength) digits) from standard input.")
        }
        while true {
            let input: String
            if let preset = pending {
                pending = nil
                input = preset.trimmed(.whitespaces)
                guard CodeFormat.fits(input, length: codeLength) else {
                    throw CLIFailure(.usage, "--code has \(input.count) digits, but the code sent has \(codeLength): nothing was submitted.",
                                     hint: "Run the command again with the \(codeLength)-digit code, or without --code to be asked for it.")
                }
            } else {
                let prompt = "Code sent to \(TerminalText.sanitized(sentTo)) (\(codeLength) digits). Enter code, r to resend, or q to stop: "
                let read = source == .standardInput ? await environment.standardInput.readLine()
                    : await LineReader.line(prompt: prompt, in: environment)
                guard let line = read else {
                    throw InputEnded.failure(source == .prompt ? .codeOrOption : .code, afterWrongAnswer: lastWasWrong, in: environment)
                }
                input = line.trimmed(.whitespaces)
            }
            switch input.lowercased() {
            case "":
                continue
            case "q":
                throw CLIFailure(.failure, stopped)
            case "r":
                let resent = await resend(state)
                context.codes.showSent()
                switch resent {
                case .sent(let next, let target, let length):
                    state = next
                    sentTo = target
                    codeLength = length
                    lastWasWrong = false
                    environment.console.info("A new code was sent to \(TerminalText.sanitized(target)).")
                case .done(let outcome):
                    return outcome
                case .refused(let error, let kept):
                    guard let kept else { throw context.failure(error, method: method) }
                    environment.console.info("No new code could be sent: \(FailureMapping.firstLine(of: error.errorDescription)) Try again.")
                    state = kept
                }
            default:
                guard CodeFormat.fits(input, length: codeLength) else {
                    // Refused here: a code of the wrong shape would only use up one of the server's attempts.
                    environment.console.info("The code has \(codeLength) digits: enter it again, or r for a new code.")
                    lastWasWrong = true
                    continue
                }
                switch await submit(state, input) {
                case .done(let outcome):
                    return outcome
                case .refused(let error, let retry):
                    guard let retry, FailureMapping.isWrongCredentials(error) else { throw context.failure(error, method: method) }
                    environment.console.info("That code is wrong or has expired: enter it again, or r for a new code.")
                    lastWasWrong = true
                    state = retry
                }
            }
        }
    }
}
