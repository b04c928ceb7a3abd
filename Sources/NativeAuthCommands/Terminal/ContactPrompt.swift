import NativeAuth
import NativeAuthShared

/// The contact to register a method on: `--register-contact`, else one prompt, whose empty answer
/// takes the server's `login_hint` when it sent one.
enum ContactPrompt {
    static func read(for method: AuthMethod, given: String?, in environment: CommandEnvironment) async throws(CLIFailure) -> String {
        if let given { return given.trimmed(.whitespaces) }
        let what = method.channelTargetType.isSMSType ? "Phone number to register (+ and digits, such as +14255550100)" : "Email address to register"
        let prompt = method.loginHint.map { "\(what) [\(TerminalText.sanitized($0))]: " } ?? "\(what): "
        while true {
            guard let line = await LineReader.line(prompt: prompt, in: environment) else { throw InputEnded.failure(.contact, in: environment) }
            let answer = line.trimmed(.whitespaces)
            if !answer.isEmpty { return answer }
            if let hint = method.loginHint { return hint }
        }
    }
}
