import NativeAuth

// Case accessors for the result enums, so tests can `try #require(result.codeRequired)`.

struct CodeRequired {
    let state: SignInCodeRequiredState
    let sentTo: String
    let channel: NativeAuthChannelType
    let codeLength: Int
}

extension SignInStartResult {
    var codeRequired: CodeRequired? {
        if case .codeRequired(let state, let sentTo, let channel, let length) = self {
            return CodeRequired(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var passwordRequired: SignInPasswordRequiredState? {
        if case .passwordRequired(let state) = self { return state }
        return nil
    }
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: SignInStartError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension SignInVerifyCodeResult {
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: VerifyCodeError, newState: SignInCodeRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignInResendCodeResult {
    var codeRequired: CodeRequired? {
        if case .codeRequired(let state, let sentTo, let channel, let length) = self {
            return CodeRequired(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var error: (error: ResendCodeError, newState: SignInCodeRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignInPasswordRequiredResult {
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: PasswordRequiredError, newState: SignInPasswordRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}
