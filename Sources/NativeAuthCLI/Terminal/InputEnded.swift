/// The failure when standard input ends before a prompt is answered: always exit 1, with a sentence
/// naming what was being asked (and saying so when the last answer was wrong).
enum InputEnded {
    enum Question {
        case address, code, password
    }

    static func failure(_ question: Question, afterWrongAnswer: Bool = false) -> CLIFailure {
        let after = afterWrongAnswer ? " after the wrong one" : ""
        switch question {
        case .address:
            return CLIFailure(.failure, "No email address was entered: standard input ended.",
                              hint: "Give it as an argument: nativeauth signin alice@example.com")
        case .code:
            return CLIFailure(.failure, "No code was entered\(after): standard input ended.",
                              hint: "Pipe the code on standard input, or pass --code CODE.")
        case .password:
            return CLIFailure(.failure, "No password was entered\(after): standard input ended.",
                              hint: "Pipe the password on standard input: printf '%s\\n' \"$PASSWORD\" | nativeauth signin --password ADDRESS")
        }
    }
}
