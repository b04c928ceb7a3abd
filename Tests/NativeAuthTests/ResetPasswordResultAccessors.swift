import NativeAuth

// Case accessors for the password-reset result enums, so tests can `try #require(result.codeRequired)`.

struct ResetPasswordCodeRequired {
    let state: ResetPasswordCodeRequiredState
    let sentTo: String
    let channel: NativeAuthChannelType
    let codeLength: Int
}

extension ResetPasswordStartResult {
    var codeRequired: ResetPasswordCodeRequired? {
        if case .codeRequired(let state, let sentTo, let channel, let length) = self {
            return ResetPasswordCodeRequired(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var error: ResetPasswordStartError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension ResetPasswordVerifyCodeResult {
    var passwordRequired: ResetPasswordRequiredState? {
        if case .passwordRequired(let state) = self { return state }
        return nil
    }
    var error: (error: VerifyCodeError, newState: ResetPasswordCodeRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension ResetPasswordResendCodeResult {
    var codeRequired: ResetPasswordCodeRequired? {
        if case .codeRequired(let state, let sentTo, let channel, let length) = self {
            return ResetPasswordCodeRequired(state: state, sentTo: sentTo, channel: channel, codeLength: length)
        }
        return nil
    }
    var error: (error: ResendCodeError, newState: ResetPasswordCodeRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension ResetPasswordRequiredResult {
    var completed: SignInAfterResetPasswordState? {
        if case .completed(let state) = self { return state }
        return nil
    }
    var error: (error: PasswordRequiredError, newState: ResetPasswordRequiredState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}

extension SignInAfterResetPasswordResult {
    var completed: NativeAuthUserAccountResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
    var error: (error: SignInAfterResetPasswordError, newState: SignInAfterResetPasswordState?)? {
        if case .error(let error, let state) = self { return (error, state) }
        return nil
    }
}
