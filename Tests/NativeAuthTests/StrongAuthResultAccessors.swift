import NativeAuth

// Case accessors for the strong-authentication results, so tests can `try #require(result.awaitingMFA)`.

struct StrongAuthList<State> {
    let methods: [AuthMethod]
    let state: State
}

struct MFACodeSent {
    let state: MFARequiredState
    let sentTo: String
    let channel: NativeAuthChannelType
    let codeLength: Int
}

/// The two strong-authentication cases, read the same way on every sign-in result.
protocol StrongAuthCases {
    var strongAuthCase: (mfa: StrongAuthList<AwaitingMFAState>?, registration: StrongAuthList<RegisterStrongAuthState>?) { get }
}

extension StrongAuthCases {
    var awaitingMFA: StrongAuthList<AwaitingMFAState>? { strongAuthCase.mfa }
    var registration: StrongAuthList<RegisterStrongAuthState>? { strongAuthCase.registration }
}

extension SignInStartResult: StrongAuthCases {
    var strongAuthCase: (mfa: StrongAuthList<AwaitingMFAState>?, registration: StrongAuthList<RegisterStrongAuthState>?) {
        switch self {
        case .awaitingMFA(let methods, let state): return (StrongAuthList(methods: methods, state: state), nil)
        case .strongAuthMethodRegistration(let methods, let state): return (nil, StrongAuthList(methods: methods, state: state))
        default: return (nil, nil)
        }
    }
}

extension SignInPasswordRequiredResult: StrongAuthCases {
    var strongAuthCase: (mfa: StrongAuthList<AwaitingMFAState>?, registration: StrongAuthList<RegisterStrongAuthState>?) {
        switch self {
        case .awaitingMFA(let methods, let state): return (StrongAuthList(methods: methods, state: state), nil)
        case .strongAuthMethodRegistration(let methods, let state): return (nil, StrongAuthList(methods: methods, state: state))
        default: return (nil, nil)
        }
    }
}

extension SignInAfterSignUpResult: StrongAuthCases {
    var strongAuthCase: (mfa: StrongAuthList<AwaitingMFAState>?, registration: StrongAuthList<RegisterStrongAuthState>?) {
        switch self {
        case .awaitingMFA(let methods, let state): return (StrongAuthList(methods: methods, state: state), nil)
        case .strongAuthMethodRegistration(let methods, let state): return (nil, StrongAuthList(methods: methods, state: state))
        default: return (nil, nil)
        }
    }
}

extension SignInAfterResetPasswordResult: StrongAuthCases {
    var strongAuthCase: (mfa: StrongAuthList<AwaitingMFAState>?, registration: StrongAuthList<RegisterStrongAuthState>?) {
        switch self {
        case .awaitingMFA(let methods, let state): return (StrongAuthList(methods: methods, state: state), nil)
        case .strongAuthMethodRegistration(let methods, let state): return (nil, StrongAuthList(methods: methods, state: state))
        default: return (nil, nil)
        }
    }
}

extension MFARequestChallengeResult {
    var sent: MFACodeSent? {
        if case .verificationRequired(let state, let sentTo, let channel, let length) = self {
            return MFACodeSent(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var error: (error: MFARequestChallengeError, newState: MFARequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension MFASubmitChallengeResult {
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: MFASubmitChallengeError, newState: MFARequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension RegisterStrongAuthChallengeResult {
    var sent: RegisterStrongAuthVerificationRequiredResult? {
        if case .verificationRequired(let result) = self { return result }
        return nil
    }
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension RegisterStrongAuthSubmitChallengeResult {
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}
