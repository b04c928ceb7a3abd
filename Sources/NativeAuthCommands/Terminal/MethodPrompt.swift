import NativeAuth

/// Which second factor (or which kind of method to register) a sign-in uses: `--mfa-method`, else
/// the only one, else one prompt listing them (masked, as the server sent them).
enum MethodPrompt {
    /// What the methods are for, in the sentences.
    enum Purpose { case verify, register }

    static func choose(_ methods: [AuthMethod], preferred: String?, purpose: Purpose) async throws(CLIFailure) -> AuthMethod {
        if let preferred {
            guard let method = methods.first(where: { $0.channelTargetType.value.lowercased() == preferred.lowercased() }) else {
                let offered = methods.map { TerminalText.sanitized($0.channelTargetType.value) }.joined(separator: ", ")
                throw CLIFailure(.usage, "--mfa-method \(preferred): the server offers no such method for this account (it offers \(offered)).",
                                 hint: "Run the command again with one of them, or without --mfa-method to be asked.")
            }
            return method
        }
        if methods.count == 1 { return methods[0] }
        Console.info(purpose == .verify ? "A second factor is required. Where should the code go?" : "Choose a method to register:")
        for (index, method) in methods.enumerated() {
            Console.info("  \(index + 1). \(label(method))")
        }
        while true {
            guard let line = await LineReader.line(prompt: "Method (1-\(methods.count), or email/sms): ") else {
                throw InputEnded.failure(.method)
            }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if answer.isEmpty { continue }
            if let number = Int(answer), methods.indices.contains(number - 1) { return methods[number - 1] }
            if let method = methods.first(where: { $0.channelTargetType.value.lowercased() == answer }) { return method }
            Console.info("Answer a number from 1 to \(methods.count), or email or sms.")
        }
    }

    /// `email  a***e@ex***e.com`, `sms  +1********0`, or the channel alone (the server's, sanitised).
    static func label(_ method: AuthMethod) -> String {
        let channel = method.channelTargetType.isSMSType ? "sms (text message)" : TerminalText.sanitized(method.channelTargetType.value)
        return method.loginHint.map { "\(channel)  \(TerminalText.sanitized($0))" } ?? channel
    }
}
