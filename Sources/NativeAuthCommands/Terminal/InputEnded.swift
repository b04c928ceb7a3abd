/// The failure when standard input ends before a prompt is answered: exit 1, with a sentence naming
/// what was being asked (and saying so when the last answer was wrong or refused). When the last
/// answer given was a wrong code or a wrong password, the exit code is 3, as for any wrong answer:
/// a script sees that what it gave was wrong, not merely that it gave nothing more.
enum InputEnded {
    enum Question: Equatable {
        case address, password
        /// A code no option gives (`signup`'s, a second factor's, a registration's).
        case code
        /// A code `--code` could have given (`signin`'s and `reset-password`'s first), not given.
        case codeOrOption
        /// A new account's password (`signup`).
        case newPassword
        /// A user attribute the server asks for (`signup`).
        case attribute(String)
        /// The new password of a password reset (`reset-password`).
        case replacementPassword
        /// The second factor to use, or the kind of method to register.
        case method
        /// The email address or phone number to register as a second factor.
        case contact
        /// The account `switch` makes active.
        case account
    }

    /// The failure for `question` in `environment` (at a terminal, the person pressed Ctrl-D). `next`
    /// is the command's place and the command to run again (``NextCommand``), which the hints of the
    /// address and password questions print with the answers piped; without it they print none.
    static func failure(_ question: Question, afterWrongAnswer: Bool = false, next: NextCommand? = nil,
                        in environment: CommandEnvironment) -> CLIFailure {
        let wrong = afterWrongAnswer && [.code, .codeOrOption, .password].contains(question)
        // At a terminal, the end of input is Ctrl-D: the person stopped; the hints are for scripts.
        if environment.inputIsTerminal { return CLIFailure(wrong ? .wrongCredentials : .failure, "Stopped (Ctrl-D).") }
        let after = afterWrongAnswer ? " after the wrong one" : ""
        // The command again at its place, with the answers piped: `printf … | nativeauth signin --password …`.
        let piped = { (printf: String) in next.map { ": \(printf) | " + $0.againLine(placeholder: "ADDRESS") } ?? "." }
        switch question {
        case .address:
            return CLIFailure(.failure, "No email address was entered: standard input ended.",
                              hint: "Give it as an argument" + (next.map { ": " + $0.line($0.again, operand: "alice@example.com") } ?? "."))
        case .code, .codeOrOption:
            // After a wrong one, the code was given (piped, or with --code): saying to pipe it would be wrong.
            // --code is named only where it exists and was not given.
            let pipe = question == .codeOrOption ? "Pipe the code on standard input with --code - (no prompt then), or pass --code CODE (seen by other users in ps)."
                : "Pipe the code on standard input, on the line after the answers before it."
            return CLIFailure(afterWrongAnswer ? .wrongCredentials : .failure, "No code was entered\(after): standard input ended.",
                              hint: afterWrongAnswer ? "The code given was wrong: run the command again with the code it sends." : pipe)
        case .password:
            return CLIFailure(afterWrongAnswer ? .wrongCredentials : .failure, "No password was entered\(after): standard input ended.",
                              hint: afterWrongAnswer ? "The password given was wrong: check it."
                                  : "Pipe the password on standard input" + piped("printf '%s\\n' \"$PASSWORD\""))
        case .newPassword:
            let refused = afterWrongAnswer ? " after the refused one" : ""
            return CLIFailure(.failure, "No password was entered\(refused): standard input ended.",
                              hint: "Pipe the code and then the password, one per line" + piped("printf '%s\\n%s\\n' \"$CODE\" \"$PASSWORD\""))
        case .replacementPassword:
            let refused = afterWrongAnswer ? " after the refused one" : ""
            return CLIFailure(.failure, "No new password was entered\(refused): standard input ended.",
                              hint: "Pipe the code and then the new password, one per line" + piped("printf '%s\\n%s\\n' \"$CODE\" \"$PASSWORD\""))
        case .method:
            return CLIFailure(.failure, "No second-factor method was chosen: standard input ended.",
                              hint: "Choose it on the command line: --mfa-method email (or sms)")
        case .contact:
            return CLIFailure(.failure, "No contact to register was entered: standard input ended.",
                              hint: "Give it on the command line: --register-contact ADDRESS-OR-NUMBER")
        case .account:
            return CLIFailure(.failure, "No account was chosen: standard input ended.")
        case .attribute(let serverName):
            let name = TerminalText.sanitized(serverName)
            return CLIFailure(.failure, "No value for \(name) was entered: standard input ended.",
                              hint: "Give it on the command line: --attribute \(name)=VALUE")
        }
    }
}
