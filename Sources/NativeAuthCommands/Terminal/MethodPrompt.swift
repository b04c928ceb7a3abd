import NativeAuth

/// Which second factor (or which kind of method to register) a sign-in uses: `--mfa-method`, else
/// the only one, else one prompt listing them (masked, as the server sent them).
enum MethodPrompt {
    /// What the methods are for, in the sentences.
    enum Purpose { case verify, register }

    static func choose(_ methods: [AuthMethod], preferred: String?, purpose: Purpose,
                       in environment: CommandEnvironment) async throws(CLIFailure) -> AuthMethod {
        if let preferred {
            guard let method = methods.first(where: { $0.channelTargetType.value.lowercased() == preferred.lowercased() }) else {
                let offered = methods.map { TerminalText.sanitized($0.channelTargetType.value) }.joined(separator: ", ")
                throw CLIFailure(.usage, "--mfa-method \(preferred): the server offers no such method for this account (it offers \(offered)).",
                                 hint: "Run the command again with one of them, or without --mfa-method to be asked.")
            }
            announce(method, purpose: purpose, in: environment)
            return method
        }
        if methods.count == 1 {
            announce(methods[0], purpose: purpose, in: environment)
            return methods[0]
        }
        environment.console.info(purpose == .verify ? "A second factor is required. Where should the code go?" : "Choose a method to register:")
        let chosen = await NumberedChoice.ask(
            methods, labels: methods.map(label), prompt: "Method (1-\(methods.count), or email/sms): ",
            otherwise: "Answer a number from 1 to \(methods.count), or email or sms.", in: environment
        ) { answer in methods.first { $0.channelTargetType.value.lowercased() == answer.lowercased() } }
        guard let chosen else { throw InputEnded.failure(.method, in: environment) }
        return chosen
    }

    /// Without a choice to make (one method, or `--mfa-method`), a line still says that a second
    /// factor is needed and where its code goes (the prompt that follows only names the target).
    private static func announce(_ method: AuthMethod, purpose: Purpose, in environment: CommandEnvironment) {
        guard purpose == .verify else { return }
        let channel = method.channelTargetType.isSMSType ? "text message" : TerminalText.sanitized(method.channelTargetType.value)
        let target = method.loginHint.map { " to \(TerminalText.sanitized($0))" } ?? ""
        environment.console.info("A second factor is required: a code by \(channel)\(target).")
    }

    /// `email  a***e@ex***e.com`, `sms  +1********0`, or the channel alone (the server's, sanitised).
    static func label(_ method: AuthMethod) -> String {
        let channel = method.channelTargetType.isSMSType ? "sms (text message)" : TerminalText.sanitized(method.channelTargetType.value)
        return method.loginHint.map { "\(channel)  \(TerminalText.sanitized($0))" } ?? channel
    }
}
