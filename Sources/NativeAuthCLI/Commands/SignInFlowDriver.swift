import NativeAuth

/// Drives a sign-in from the prompts: the code loop (with resend) and the password loop.
struct SignInFlowDriver {
    /// A code given with `--code`, tried before prompting.
    let presetCode: String?
    let method: FailureMapping.Method

    func run(app: NativeAuthPublicClientApplication, parameters: NativeAuthSignInParameters)
        async throws(CLIFailure) -> NativeAuthUserAccountResult
    {
        switch await app.signIn(parameters: parameters) {
        case .completed(let result):
            return result
        case .codeRequired(let state, let sentTo, _, let codeLength):
            return try await codeLoop(state: state, sentTo: sentTo, codeLength: codeLength)
        case .passwordRequired(let state):
            return try await passwordLoop(state: state, username: parameters.username)
        case .error(let error):
            throw FailureMapping.failure(error, method: method)
        }
    }

    private func codeLoop(state initialState: SignInCodeRequiredState, sentTo initialTarget: String, codeLength initialLength: Int)
        async throws(CLIFailure) -> NativeAuthUserAccountResult
    {
        var state = initialState
        var sentTo = initialTarget
        var codeLength = initialLength
        var pending = presetCode
        var lastWasWrong = false
        while true {
            let input: String
            if let preset = pending {
                input = preset.trimmingCharacters(in: .whitespaces)
                pending = nil
            } else {
                let prompt = "Code sent to \(sentTo) (\(codeLength) digits). Enter code, or r to resend: "
                guard let line = await LineReader.line(prompt: prompt) else {
                    throw lastWasWrong
                        ? CLIFailure(.wrongCredentials, "The code is wrong, and standard input ended.")
                        : CLIFailure(.failure, "No code was entered: standard input ended.",
                                     hint: "Pipe the code on standard input, or pass --code CODE.")
                }
                input = line.trimmingCharacters(in: .whitespaces)
            }
            switch input.lowercased() {
            case "":
                continue
            case "q":
                throw CLIFailure(.failure, "Sign-in stopped.")
            case "r":
                switch await state.resendCode() {
                case .codeRequired(let next, let target, _, let length):
                    state = next
                    sentTo = target
                    codeLength = length
                    Console.info("A new code was sent to \(target).")
                case .error(let error, let next):
                    guard let next else { throw failure(error, afterWrongAttempt: lastWasWrong) }
                    Console.info("No new code could be sent: \(error.errorDescription ?? "the request failed"). Try again.")
                    state = next
                }
            default:
                switch await state.submitCode(code: input) {
                case .completed(let result):
                    return result
                case .error(let error, let next):
                    guard error.isInvalidCode, let next else { throw failure(error, afterWrongAttempt: lastWasWrong) }
                    Console.info("That code is wrong. Enter it again, or r for a new code.")
                    lastWasWrong = true
                    state = next
                }
            }
        }
    }

    private func passwordLoop(state initialState: SignInPasswordRequiredState, username: String)
        async throws(CLIFailure) -> NativeAuthUserAccountResult
    {
        var state = initialState
        var lastWasWrong = false
        while true {
            guard let password = await LineReader.hiddenLine(prompt: "Password for \(username): ") else {
                throw lastWasWrong
                    ? CLIFailure(.wrongCredentials, "The password is wrong, and standard input ended.")
                    : CLIFailure(.failure, "No password was entered: standard input ended.",
                                 hint: "Pipe the password on standard input: printf '%s\\n' \"$PASSWORD\" | nativeauth signin --password ADDRESS")
            }
            if password.isEmpty { continue }
            switch await state.submitPassword(password: password) {
            case .completed(let result):
                return result
            case .error(let error, let next):
                guard error.isInvalidPassword, let next else { throw failure(error, afterWrongAttempt: lastWasWrong) }
                Console.info("The password is wrong. Try again.")
                lastWasWrong = true
                state = next
            }
        }
    }

    /// A failure that ends the flow. After a wrong code or password, a refusal from the server is
    /// (almost always) its limit of attempts: reported as wrong credentials (exit 3), not a server failure.
    private func failure(_ error: some NativeAuthError, afterWrongAttempt: Bool) -> CLIFailure {
        var failure = FailureMapping.failure(error, method: method)
        if afterWrongAttempt, error.serverError != nil, !error.isServerUnavailable, !error.isBrowserRequired {
            failure = CLIFailure(
                .wrongCredentials, "The sign-in ended after wrong attempts (\(error.errorDescription ?? "refused")).",
                hint: "Start again with `nativeauth signin`.", details: failure.details)
        }
        return failure
    }
}
