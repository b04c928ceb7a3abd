#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// Drives a password reset from the prompts: the code (``CodePrompt``, `r` resends), the new
/// password (``PasswordPrompt``, asked twice at a terminal, the usual rule said before it and the
/// policy explained when the server refuses one), a line once the reset is done, then the sign-in
/// that ends it.
struct ResetPasswordFlowDriver {
    /// Where the first code comes from (`--code`).
    let codeSource: CodeSource
    /// The scopes of the sign-in that follows.
    let scopes: [String]?
    /// How the sign-in that follows answers a second-factor question.
    let choices: StrongAuthOptions
    /// The application, where the prompts go, and the embedded emulator's codes.
    let context: AppContext

    func run(username: String) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        context.codes.expect(username: username)
        let passwordState: ResetPasswordRequiredState
        switch await context.app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: username)) {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            passwordState = try await codePrompt.run(state: state, sentTo: sentTo, codeLength: codeLength)
        case .error(let error):
            throw startFailure(error, username: username)
        }
        // The rule comes with the first prompt, not only after the server refused a password.
        context.environment.console.info(PasswordRules.standardRule)
        let reset = try await passwordPrompt(username: username).run(state: passwordState)
        return try await signIn(reset, username: username)
    }

    private func startFailure(_ error: ResetPasswordStartError, username: String) -> CLIFailure {
        if error.isUserNotFound { return context.unknownAddress(error, username: username) }
        if error.isUserDoesNotHavePassword {
            return CLIFailure(.failure, "\(TerminalText.sanitized(username)) has no password to reset: it signs in with an email code "
                                  + "(or the tenant does not offer password reset).",
                              hint: "Sign in with a code: " + context.next.line(["signin", "--email"], operand: username),
                              details: FailureMapping.details(error))
        }
        return context.failure(error, method: .resetPassword)
    }

    // MARK: Code and password

    private var codePrompt: CodePrompt<ResetPasswordCodeRequiredState, ResetPasswordRequiredState> {
        CodePrompt(
            source: codeSource, stopped: "Password reset stopped.", method: .resetPassword, context: context,
            submit: { state, code in
                switch await state.submitCode(code: code) {
                case .passwordRequired(let next): .done(next)
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

    private func passwordPrompt(username: String) -> PasswordPrompt<ResetPasswordRequiredState, SignInAfterResetPasswordState> {
        let console = context.environment.console
        return PasswordPrompt(
            prompt: "New password for \(username): ", confirm: true, question: .replacementPassword, next: context.next, environment: context.environment,
            submit: { state, password in
                switch await state.submitPassword(password: password) {
                case .completed(let reset):
                    console.info("The password was reset.")
                    return .done(reset)
                case .error(let error, let next):
                    // A refused password, or a reset the server could not complete and asks to submit again.
                    guard let next, !error.isServerUnavailable else {
                        return .failed(context.failure(error, method: .resetPassword))
                    }
                    let explanation = error.isInvalidPassword
                        ? PasswordRules.explanation(error)
                        : "\(FailureMapping.firstLine(of: error.errorDescription)) Enter the new password again."
                    return .refused(next, explanation: explanation)
                }
            })
    }

    // MARK: Sign-in

    private func signIn(_ state: SignInAfterResetPasswordState, username: String) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let parameters = NativeAuthSignInAfterResetPasswordParameters()
        parameters.scopes = scopes
        let strongAuth = StrongAuthDriver(choices: choices, method: .resetPassword, context: context)
        switch await state.signIn(parameters: parameters) {
        case .completed(let result): return result
        case .awaitingMFA(let methods, let next): return try await strongAuth.finish(.mfa(methods, next))
        case .strongAuthMethodRegistration(let methods, let next): return try await strongAuth.finish(.registration(methods, next))
        case .error(let error, _):
            throw context.signInAfterFailure(error, method: .resetPassword, done: "The password was reset",
                                             hint: "Sign in with the new password: " + context.next.line(["signin", "--password"], operand: username))
        }
    }
}
