#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// Drives a sign-in from the prompts: the code loop (with resend) and the password loop
/// (``CodePrompt``, ``PasswordPrompt``), then a second factor when the server asks for one
/// (``StrongAuthDriver``).
struct SignInFlowDriver {
    /// Where the first code comes from (`--code`).
    let codeSource: CodeSource
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
            if method == .password { try sayThereIsNoPassword(parameters.username) }
            firstFactor = try await codePrompt.run(state: state, sentTo: sentTo, codeLength: codeLength)
        case .passwordRequired(let state):
            firstFactor = try await passwordPrompt(username: parameters.username).run(state: state)
        case .awaitingMFA(let methods, let state):
            firstFactor = .mfa(methods, state)
        case .strongAuthMethodRegistration(let methods, let state):
            firstFactor = .registration(methods, state)
        case .error(let error):
            throw startFailure(error, username: parameters.username)
        }
        return try await StrongAuthDriver(choices: choices, method: method, context: context).finish(firstFactor)
    }

    /// `--password` for an account that signs in with an email code (the server sent one): said
    /// before anything is read. A script stops there: what it pipes is a password, not a code.
    private func sayThereIsNoPassword(_ username: String) throws(CLIFailure) {
        let name = TerminalText.sanitized(username)
        guard context.environment.inputIsTerminal else {
            throw CLIFailure(.failure, "\(name) has no password: it signs in with an email code.",
                             hint: "Sign in with a code: " + context.next.line(["signin", "--email"], operand: username))
        }
        context.environment.console.info("\(name) has no password: it signs in with an email code, sent now.")
    }

    /// The failure of the sign-in's start: an unknown address named; an account that signs in only in
    /// the browser said so (``BrowserOnlyAccount``); and for an email code that the server will not
    /// complete here (most often: the account signs in with a password), the `--password` sign-in
    /// first (``BrowserFallbackOffer`` adds the browser's).
    private func startFailure(_ error: SignInStartError, username: String) -> CLIFailure {
        switch error.code {
        case .userNotFound:
            return context.unknownAddress(error, username: username)
        case .browserRequired where BrowserOnlyAccount.isBrowserOnly(error):
            return BrowserOnlyAccount.failure(error, username: username)
        case .browserRequired where method == .code:
            let failure = context.failure(error, method: method)
            return CLIFailure(failure.exit, "\(TerminalText.sanitized(username)) does not sign in with an email code here: if it has a password, "
                + "run `\(context.next.line(["signin", "--password"], operand: username))`.", details: failure.details)
        default:
            return context.failure(error, method: method)
        }
    }

    private var codePrompt: CodePrompt<SignInCodeRequiredState, FirstFactorOutcome> {
        CodePrompt(
            source: codeSource, stopped: "Sign-in stopped.", method: method, context: context,
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
        let context = context
        let atTerminal = context.environment.inputIsTerminal
        return PasswordPrompt(
            prompt: "Password for \(username): ", confirm: false, question: .password, next: context.next, environment: context.environment,
            submit: { state, password in
                switch await state.submitPassword(password: password) {
                case .completed(let result):
                    return .done(.signedIn(result))
                case .awaitingMFA(let methods, let next):
                    return .done(.mfa(methods, next))
                case .strongAuthMethodRegistration(let methods, let next):
                    return .done(.registration(methods, next))
                case .error(let error, let next):
                    if error.code == .userNotFound { return .failed(context.unknownAddress(error, username: username)) }
                    guard error.isInvalidPassword, let next else { return .failed(context.failure(error, method: method)) }
                    // At a terminal, a person who forgot the password learns how to reset it.
                    let hint = atTerminal ? " Try again, or reset it: " + context.next.line(["reset-password"], operand: username) : " Try again."
                    return .refused(next, explanation: "The password is wrong." + hint)
                }
            })
    }
}
