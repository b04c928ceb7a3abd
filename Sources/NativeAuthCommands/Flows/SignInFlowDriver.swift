#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// Drives a sign-in from the prompts: the code loop (with resend) and the password loop
/// (``CodePrompt``, ``PasswordPrompt``), then a second factor when the server asks for one
/// (``StrongAuthDriver``).
struct SignInFlowDriver {
    /// A code given with `--code`, tried before prompting.
    let presetCode: String?
    let method: FailureMapping.Method
    let choices: StrongAuthOptions
    /// The application, where the prompts go, and the embedded emulator's codes.
    let context: AppContext

    func run(parameters: NativeAuthSignInParameters) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        context.codes.expect(username: parameters.username)
        let firstFactor: FirstFactorOutcome
        switch await context.app.signIn(parameters: parameters) {
        case .completed(let result):
            firstFactor = .signedIn(result)
        case .codeRequired(let state, let sentTo, _, let codeLength):
            firstFactor = try await codePrompt.run(state: state, sentTo: sentTo, codeLength: codeLength)
        case .passwordRequired(let state):
            firstFactor = try await passwordPrompt(username: parameters.username).run(state: state)
        case .awaitingMFA(let methods, let state):
            firstFactor = .mfa(methods, state)
        case .strongAuthMethodRegistration(let methods, let state):
            firstFactor = .registration(methods, state)
        case .error(let error):
            throw FailureMapping.failure(error, method: method)
        }
        return try await StrongAuthDriver(choices: choices, method: method, context: context).finish(firstFactor)
    }

    private var codePrompt: CodePrompt<SignInCodeRequiredState, FirstFactorOutcome> {
        CodePrompt(
            presetCode: presetCode, stopped: "Sign-in stopped.", method: method, context: context,
            submit: { state, code in
                switch await state.submitCode(code: code) {
                case .completed(let result): .done(.signedIn(result))
                case .awaitingMFA(let methods, let next): .done(.mfa(methods, next))
                case .strongAuthMethodRegistration(let methods, let next): .done(.registration(methods, next))
                case .error(let error, let next): .refused(error, retry: next)
                }
            },
            resend: { state in
                switch await state.resendCode() {
                case .codeRequired(let next, let target, _, let length): .sent(next, sentTo: target, codeLength: length)
                case .error(let error, let next): .refused(error, kept: next)
                }
            })
    }

    private func passwordPrompt(username: String) -> PasswordPrompt<SignInPasswordRequiredState, FirstFactorOutcome> {
        let method = method
        let atTerminal = context.environment.inputIsTerminal
        return PasswordPrompt(
            prompt: "Password for \(username): ", confirm: false, question: .password, environment: context.environment,
            submit: { state, password in
                switch await state.submitPassword(password: password) {
                case .completed(let result):
                    return .done(.signedIn(result))
                case .awaitingMFA(let methods, let next):
                    return .done(.mfa(methods, next))
                case .strongAuthMethodRegistration(let methods, let next):
                    return .done(.registration(methods, next))
                case .error(let error, let next):
                    guard error.isInvalidPassword, let next else { return .failed(FailureMapping.failure(error, method: method)) }
                    // At a terminal, a person who forgot the password learns how to reset it.
                    let hint = atTerminal ? " Try again, or reset it: nativeauth reset-password \(username)" : " Try again."
                    return .refused(next, explanation: "The password is wrong." + hint)
                }
            })
    }
}
