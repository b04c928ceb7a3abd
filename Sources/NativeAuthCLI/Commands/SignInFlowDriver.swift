import Foundation
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
                throw CLIFailure(.failure, "Sign-in stopped.")
            case "r":
                switch await state.resendCode() {
                case .codeRequired(let next, let target, _, let length):
                    state = next
                    sentTo = target
                    codeLength = length
                    lastWasWrong = false
                    Console.info("A new code was sent to \(target).")
                case .error(let error, let next):
                    guard let next else { throw FailureMapping.failure(error, method: method) }
                    Console.info("No new code could be sent: \(FailureMapping.firstLine(of: error.errorDescription)) Try again.")
                    state = next
                }
            default:
                guard CodeFormat.fits(input, length: codeLength) else {
                    // Refused here: a code of the wrong shape would only use up one of the server's attempts.
                    Console.info("The code has \(codeLength) digits: enter it again, or r for a new code.")
                    lastWasWrong = true
                    continue
                }
                switch await state.submitCode(code: input) {
                case .completed(let result):
                    return result
                case .error(let error, let next):
                    guard error.isInvalidCode, let next else { throw FailureMapping.failure(error, method: method) }
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
                throw InputEnded.failure(.password, afterWrongAnswer: lastWasWrong)
            }
            if password.isEmpty { continue }
            switch await state.submitPassword(password: password) {
            case .completed(let result):
                return result
            case .error(let error, let next):
                guard error.isInvalidPassword, let next else { throw FailureMapping.failure(error, method: method) }
                Console.info("The password is wrong. Try again.")
                lastWasWrong = true
                state = next
            }
        }
    }
}
