import NativeAuth

/// What a first factor (a code, a password, or the sign-in that ends a sign-up or a password reset)
/// came to: signed in, or a second factor to prove or register first.
enum FirstFactorOutcome {
    case signedIn(NativeAuthUserAccountResult)
    case mfa([AuthMethod], AwaitingMFAState)
    case registration([AuthMethod], RegisterStrongAuthState)
}

/// Drives the second factor from the prompts: choose a method (``MethodPrompt``), then the code
/// prompt (`r` sends a new code on the same method). Registration is ``RegistrationDriver``'s.
struct StrongAuthDriver {
    let choices: StrongAuthOptions
    let method: FailureMapping.Method
    /// Where the prompts go, and the embedded emulator's codes.
    let context: AppContext

    func finish(_ outcome: FirstFactorOutcome) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        switch outcome {
        case .signedIn(let result):
            return result
        case .mfa(let methods, let state):
            return try await verify(methods, state)
        case .registration(let methods, let state):
            return try await RegistrationDriver(choices: choices, method: method, context: context).run(methods, state)
        }
    }

    /// Asks for a code on the chosen method; a blocked method (when the user chose it at the prompt)
    /// asks for another.
    private func verify(_ methods: [AuthMethod], _ awaiting: AwaitingMFAState) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        var request: (AuthMethod) async -> MFARequestChallengeResult = { await awaiting.requestChallenge(authMethod: $0) }
        var remaining = methods
        while true {
            let chosen = try await MethodPrompt.choose(remaining, preferred: choices.mfaMethod, purpose: .verify, in: context.environment)
            switch await request(chosen) {
            case .verificationRequired(let state, let sentTo, _, let codeLength):
                return try await codePrompt(chosen).run(state: state, sentTo: sentTo, codeLength: codeLength)
            case .error(let error, let next):
                guard let next, error.isAuthMethodBlocked, choices.mfaMethod == nil, remaining.count > 1 else {
                    throw context.failure(error, method: method)
                }
                context.environment.console.info("\(FailureMapping.firstLine(of: error.errorDescription)) Choose another method.")
                remaining.removeAll { $0 == chosen }
                request = { await next.requestChallenge(authMethod: $0) }
            }
        }
    }

    private func codePrompt(_ chosen: AuthMethod) -> CodePrompt<MFARequiredState, NativeAuthUserAccountResult> {
        CodePrompt(
            // The codes are the second factor's, whatever the first factor was: a failure names them.
            source: .promptOnly, stopped: "Sign-in stopped.", method: .secondFactor, context: context,
            submit: { state, code in
                switch await state.submitChallenge(challenge: code) {
                case .completed(let result): .done(result)
                case .error(let error, let next): .refused(error, retry: next)
                }
            },
            resend: { state in
                switch await state.requestChallenge(authMethod: chosen) {
                case .verificationRequired(let next, let sentTo, _, let length): .sent(next, sentTo: sentTo, codeLength: length)
                case .error(let error, let next): .refused(error, kept: next)
                }
            })
    }
}

