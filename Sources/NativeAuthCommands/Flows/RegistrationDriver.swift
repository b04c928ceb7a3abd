import NativeAuth

/// Drives a strong-auth method registration from the prompts: which method (``MethodPrompt``), which
/// contact (``ContactPrompt``: the server's `login_hint` by default), then the code unless the server
/// already trusts the contact. A refused or blocked contact asks for another one, unless it came
/// from `--register-contact`.
struct RegistrationDriver {
    let choices: StrongAuthOptions
    let method: FailureMapping.Method
    /// Where the prompts go, and the embedded emulator's codes.
    let context: AppContext

    func run(_ methods: [AuthMethod], _ initial: RegisterStrongAuthState) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let console = context.environment.console
        console.info("This account must register a second factor before it can sign in.")
        let chosen = try await MethodPrompt.choose(methods, preferred: choices.mfaMethod, purpose: .register, in: context.environment)
        var state = initial
        while true {
            let contact = try await ContactPrompt.read(for: chosen, given: choices.registerContact, in: context.environment)
            let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: chosen, verificationContact: contact)
            switch await state.challengeAuthMethod(parameters: parameters) {
            case .completed(let result):
                console.info("\(contact) was already verified: it is registered.")
                return result
            case .verificationRequired(let sent):
                let result = try await codePrompt(parameters).run(state: sent.newState, sentTo: sent.sentTo, codeLength: sent.codeLength)
                console.info("\(contact) is registered as a second factor.")
                return result
            case .error(let error, let next):
                guard let next, error.isInvalidInput || error.isVerificationContactBlocked, choices.registerContact == nil else {
                    throw context.failure(error, method: method)
                }
                console.info("\(FailureMapping.firstLine(of: error.errorDescription)) Enter another one.")
                state = next
            }
        }
    }

    private func codePrompt(_ parameters: NativeAuthChallengeAuthMethodParameters)
        -> CodePrompt<RegisterStrongAuthVerificationRequiredState, NativeAuthUserAccountResult>
    {
        CodePrompt(
            source: .promptOnly, stopped: "Sign-in stopped.", method: method, context: context,
            submit: { state, code in
                switch await state.submitChallenge(challenge: code) {
                case .completed(let result): .done(result)
                case .error(let error, let next): .refused(error, retry: next)
                }
            },
            resend: { state in
                switch await state.challengeAuthMethod(parameters: parameters) {
                case .verificationRequired(let sent): .sent(sent.newState, sentTo: sent.sentTo, codeLength: sent.codeLength)
                case .completed(let result): .done(result)
                case .error(let error, _): .refused(error, kept: error.leavesSentCodeUsable ? state : nil)
                }
            })
    }
}
