#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// Drives a sign-up from the prompts: the code (``CodePrompt``, `r` resends), the new password
/// (``PasswordPrompt``, asked twice at a terminal, the policy explained when the server refuses it),
/// every attribute the server asks for that was not given with `--attribute`, then the sign-in that
/// ends the sign-up.
struct SignUpFlowDriver {
    /// Attributes given with `--attribute`, sent with the start.
    let attributes: [String: String]
    /// `--password`: a password account. Through API V2 the password goes with the start (its first
    /// page asks for it; V2 has no challenge types by which the server would ask for it after the
    /// code), so it is asked for first; through V1 the server asks for it after the code.
    let password: Bool
    /// The scopes of the sign-in that follows.
    let scopes: [String]?
    /// How the sign-in that follows answers a second-factor question.
    let choices: StrongAuthOptions
    /// The application, where the prompts go, and the embedded emulator's codes.
    let context: AppContext

    /// What the server asks for after the code (and after the password).
    enum Next {
        case created(SignInAfterSignUpState)
        case password(SignUpPasswordRequiredState)
        case attributes([NativeAuthRequiredAttribute], SignUpAttributesRequiredState)
    }

    func run(username: String) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let parameters = NativeAuthSignUpParameters(username: username)
        if !attributes.isEmpty { parameters.attributes = attributes }
        context.codes.expect(username: username)
        var next: Next
        switch try await start(parameters, username: username) {
        case .codeRequired(let state, let sentTo, _, let codeLength):
            next = try await codePrompt.run(state: state, sentTo: sentTo, codeLength: codeLength)
        case .attributesInvalid(let names):
            throw CLIFailure(.failure, "The server refused the value of \(Self.list(names)).",
                             hint: "Run the command again with another value: --attribute NAME=VALUE.")
        case .error(let error):
            if error.isUserAlreadyExists {
                throw CLIFailure(.wrongCredentials, "\(username) already has an account.",
                                 hint: "Sign in instead, with its password: " + context.next.line(["signin", "--password"], operand: username)
                                     + "\nor with an email code: " + context.next.line(["signin"], operand: username),
                                 details: FailureMapping.details(error))
            }
            throw context.failure(error, method: .signUp)
        }
        while true {
            switch next {
            case .created(let state):
                return try await signIn(state, username: username)
            case .password(let state):
                next = try await passwordPrompt(username: username).run(state: state)
            case .attributes(let wanted, let state):
                next = .created(try await collect(wanted, on: state))
            }
        }
    }

    /// The sign-up's start; through V2 with `--password`, with the password asked for first (a
    /// password the policy refuses is explained and asked for again, as after the code).
    private func start(_ parameters: NativeAuthSignUpParameters, username: String) async throws(CLIFailure) -> SignUpStartResult {
        let app = context.app
        guard password, app.api == .v2 else { return await app.signUp(parameters: parameters) }
        let prompt = PasswordPrompt<NativeAuthSignUpParameters, SignUpStartResult>(
            prompt: Self.newPasswordPrompt(username), confirm: true, question: .newPassword, next: context.next, environment: context.environment,
            submit: { parameters, password in
                parameters.password = password
                let result = await app.signUp(parameters: parameters)
                if case .error(let error) = result, error.isInvalidPassword {
                    return .refused(parameters, explanation: PasswordRules.explanation(error))
                }
                return .done(result)
            })
        return try await prompt.run(state: parameters)
    }

    private static func newPasswordPrompt(_ username: String) -> String {
        "New password for \(username): "
    }

    // MARK: Code and password

    private var codePrompt: CodePrompt<SignUpCodeRequiredState, Next> {
        CodePrompt(
            source: .promptOnly, stopped: "Sign-up stopped.", method: .signUp, context: context,
            submit: { state, code in
                switch await state.submitCode(code: code) {
                case .completed(let created): .done(.created(created))
                case .passwordRequired(let next): .done(.password(next))
                case .attributesRequired(let wanted, let next): .done(.attributes(wanted, next))
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

    private func passwordPrompt(username: String) -> PasswordPrompt<SignUpPasswordRequiredState, Next> {
        PasswordPrompt(
            prompt: Self.newPasswordPrompt(username), confirm: true, question: .newPassword, next: context.next, environment: context.environment,
            submit: { state, password in
                switch await state.submitPassword(password: password) {
                case .completed(let created): return .done(.created(created))
                case .attributesRequired(let wanted, let next): return .done(.attributes(wanted, next))
                case .error(let error, let next):
                    guard error.isInvalidPassword, let next else { return .failed(context.failure(error, method: .signUp)) }
                    return .refused(next, explanation: PasswordRules.explanation(error))
                }
            })
    }

    // MARK: Attributes

    /// Submits the attributes the server asks for: the `--attribute` values, then prompts for the
    /// rest (``AttributePrompt``); a refused value names the attribute and is asked for again.
    private func collect(_ first: [NativeAuthRequiredAttribute], on firstState: SignUpAttributesRequiredState)
        async throws(CLIFailure) -> SignInAfterSignUpState
    {
        var wanted = first
        var state = firstState
        var known = attributes  // given values, then answers; a refused value is forgotten
        while true {
            var values: [String: Any] = [:]
            for attribute in wanted {
                if let value = known[attribute.name] {
                    values[attribute.name] = value
                } else if let answer = try await AttributePrompt.read(attribute, in: context.environment) {
                    known[attribute.name] = answer
                    values[attribute.name] = answer
                }
            }
            switch await state.submitAttributes(attributes: values) {
            case .completed(let created):
                return created
            case .attributesRequired(let more, let next):
                wanted = more
                state = next
            case .attributesInvalid(let names, let next):
                context.environment.console.info("The server refused the value of \(Self.list(names)): enter another.")
                for name in names { known[name] = nil }
                state = next
            case .error(let error, _):
                throw context.failure(error, method: .signUp)
            }
        }
    }

    // MARK: Sign-in

    private func signIn(_ state: SignInAfterSignUpState, username: String) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let parameters = NativeAuthSignInAfterSignUpParameters()
        parameters.scopes = scopes
        let strongAuth = StrongAuthDriver(choices: choices, method: .signUp, context: context)
        switch await state.signIn(parameters: parameters) {
        case .completed(let result): return result
        case .awaitingMFA(let methods, let next): return try await strongAuth.finish(.mfa(methods, next))
        case .strongAuthMethodRegistration(let methods, let next): return try await strongAuth.finish(.registration(methods, next))
        case .error(let error, _):
            throw context.signInAfterFailure(error, method: .signUp, done: "The account was created",
                                             hint: "Sign in with: " + context.next.line(["signin"] + (password ? ["--password"] : []), operand: username))
        }
    }

    /// The attribute names (the server's, sanitised) as a phrase: `a, b and c`.
    private static func list(_ serverNames: [String]) -> String {
        let names = serverNames.map { TerminalText.sanitized($0) }
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
